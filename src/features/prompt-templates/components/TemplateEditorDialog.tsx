import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PROMPT_TEMPLATE_LIMITS as L, type TPromptTemplate } from '../../../shared/contract/prompt-templates';
import { Button } from '../../../ui/Button';
import { Dialog } from '../../../ui/Dialog';
import { initialValues, TemplateFillForm } from '../../../ui/prompt-templates/TemplateFillForm';
import { promptTemplatesApi } from '../../../ui/prompt-templates/templates.api';
import { toastSuccess } from '../../../ui/surfaces';
import { draftOf, draftProblems, type TDraft } from '../template-draft';
import { ModelsEditor } from './ModelsEditor';
import { SectionsEditor } from './SectionsEditor';

/**
 * Makes or changes a template (spec 03 §3). The contract's checks run as the author types; Save sends
 * once nothing is wrong, and the server checks again. Under the fields, the form as users will see it
 * and the prompt it makes with the default values.
 */
export function TemplateEditorDialog(props: {
  template?: TPromptTemplate;
  onClose: () => void;
  onSaved: () => void;
}) {
  const { t } = useTranslation('templates');
  const [draft, setDraft] = useState<TDraft>(() => draftOf(props.template));
  const [tried, setTried] = useState(false);
  const [busy, setBusy] = useState(false);
  const found = tried ? draftProblems(draft) : {};
  const problems = Object.fromEntries(
    Object.entries(found).map(([path, p]) => [path, t(p.key, { max: p.max ?? L.fields })]),
  );
  const set = (patch: Partial<TDraft>) => setDraft((d) => ({ ...d, ...patch }));

  const save = async () => {
    setTried(true);
    const found = draftProblems(draft);
    if (Object.keys(found).length > 0) {
      const first = Object.keys(found)[0];
      queueMicrotask(() => document.getElementById(`tpl-${first}`)?.focus());
      return;
    }
    setBusy(true);
    try {
      if (props.template) await promptTemplatesApi.update(props.template._id, draft);
      else await promptTemplatesApi.create(draft);
      toastSuccess(props.template ? t('saved') : t('created'));
      props.onSaved();
      props.onClose();
    } catch {
      // The api-client showed the server's reason; what was typed stays.
      setBusy(false);
    }
  };

  const text = (key: keyof TDraft & string, max: number, area = false) => {
    const id = `tpl-${key}`;
    const problem = problems[key];
    const common = {
      id,
      className: 'input',
      value: draft[key] as string,
      maxLength: max,
      'aria-invalid': problem ? true : undefined,
      'aria-describedby': problem ? `${id}-error` : undefined,
    };
    return (
      <div className="field">
        <label htmlFor={id}>{t(`fields.${key}`)}</label>
        {area ? (
          <textarea {...common} rows={4} onChange={(e) => set({ [key]: e.target.value })} />
        ) : (
          <input {...common} onChange={(e) => set({ [key]: e.target.value })} />
        )}
        {problem && (
          <small id={`${id}-error`} className="field__error">
            {problem}
          </small>
        )}
      </div>
    );
  };

  return (
    <Dialog
      wide
      className="tpl-picker tpl-editor"
      title={props.template ? t('editor.editTitle') : t('editor.newTitle')}
      onClose={busy ? undefined : props.onClose}
      footer={
        <>
          <Button variant="secondary" onClick={props.onClose} disabled={busy}>
            {t('common:actions.cancel')}
          </Button>
          <Button onClick={() => void save()} busy={busy} needsConnection>
            {t('editor.save')}
          </Button>
        </>
      }
    >
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          void save();
        }}
      >
        <div className="tpl-editor__row">
          {text('name', L.name)}
          {text('icon', L.icon)}
        </div>
        {text('description', L.description, true)}
        <p className="field__hint">{t('editor.placeholderHint', { example: '{{topic}}' })}</p>
        {text('systemPrompt', L.prompt, true)}
        {text('userPrompt', L.prompt, true)}
        <ModelsEditor draft={draft} problems={problems} onChange={set} />
        <SectionsEditor
          sections={draft.sections}
          problems={problems}
          onChange={(sections) => set({ sections })}
        />
        <h3>{t('editor.tryIt')}</h3>
        <TemplateFillForm
          template={draft}
          values={initialValues(draft)}
          onChange={() => undefined}
          showProblems={false}
        />
      </form>
    </Dialog>
  );
}

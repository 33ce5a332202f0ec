import { useEffect, useState } from 'react';
import { createPortal } from 'react-dom';
import { useTranslation } from 'react-i18next';
import type { TPromptTemplate } from '../../shared/contract/prompt-templates';
import { fillPromptTemplate, type TFilledPrompt } from '../../shared/domain/prompt-template';
import { Button } from '../Button';
import { Dialog } from '../Dialog';
import { LoadFailed } from '../LoadFailed';
import { SkeletonRows } from '../Skeleton';
import { initialValues, TemplateFillForm, type TFieldValues } from './TemplateFillForm';
import { promptTemplatesApi } from './templates.api';
import './prompt-templates.css';

export interface TPickedTemplate {
  template: TPromptTemplate;
  values: TFieldValues;
  filled: TFilledPrompt;
}

/**
 * Pick one of the space's templates, fill its fields, see the prompt, then use it (the block keeps
 * it; chat sends it). `preset` reopens a template already chosen, with the values filled before.
 */
export function TemplatePickerDialog(props: {
  confirmLabel: string;
  onClose: () => void;
  onConfirm: (picked: TPickedTemplate) => void;
  preset?: { templateId: string; values: TFieldValues };
}) {
  const { t } = useTranslation('templates');
  const [list, setList] = useState<TPromptTemplate[] | null>(null);
  const [failed, setFailed] = useState(false);
  const [chosen, setChosen] = useState<TPromptTemplate | null>(null);
  const [values, setValues] = useState<TFieldValues>({});
  const [touched, setTouched] = useState<Set<string>>(new Set());
  const [showProblems, setShowProblems] = useState(false);

  const choose = (tpl: TPromptTemplate, previous?: TFieldValues) => {
    setChosen(tpl);
    setValues(initialValues(tpl, previous));
    setTouched(new Set());
    setShowProblems(false);
  };

  const load = () => {
    setFailed(false);
    promptTemplatesApi.list().then(
      (res) => {
        setList(res.templates);
        const again = props.preset && res.templates.find((x) => x._id === props.preset?.templateId);
        if (again) choose(again, props.preset?.values);
      },
      () => setFailed(true),
    );
  };
  // biome-ignore lint/correctness/useExhaustiveDependencies: loads once per opening
  useEffect(load, []);

  const confirm = () => {
    if (!chosen) return;
    const filled = fillPromptTemplate(chosen, values);
    if (Object.keys(filled.problems).length > 0) {
      setShowProblems(true);
      // The first field that needs attention gets the focus, so a keyboard user lands on it.
      const first = Object.keys(filled.problems)[0];
      queueMicrotask(() => document.querySelector<HTMLElement>(`.tpl-fill [name="${first}"]`)?.focus());
      return;
    }
    props.onConfirm({ template: chosen, values, filled });
  };

  // In the body: a block panel that is a sliding sheet (a transformed box) would otherwise be the
  // frame the dialog's fixed overlay is placed in, and the dialog would open squeezed inside it.
  return createPortal(
    <Dialog
      wide
      className="tpl-picker"
      title={chosen ? chosen.name : t('pick.title')}
      onClose={props.onClose}
      footer={
        <>
          {chosen && (
            <Button variant="secondary" onClick={() => setChosen(null)}>
              {t('pick.back')}
            </Button>
          )}
          <Button variant="secondary" onClick={props.onClose}>
            {t('common:actions.cancel')}
          </Button>
          {chosen && <Button onClick={confirm}>{props.confirmLabel}</Button>}
        </>
      }
    >
      {failed ? (
        <LoadFailed message={t('loadFailed')} retryLabel={t('retry')} onRetry={load} />
      ) : !list ? (
        <SkeletonRows count={3} label={t('loading')} />
      ) : chosen ? (
        <form
          onSubmit={(e) => {
            e.preventDefault();
            confirm();
          }}
        >
          {chosen.description && <p className="muted">{chosen.description}</p>}
          <TemplateFillForm
            template={chosen}
            values={values}
            onChange={setValues}
            showProblems={showProblems}
            touched={touched}
            onTouch={(name) => setTouched((s) => new Set(s).add(name))}
          />
        </form>
      ) : list.length === 0 ? (
        <div className="empty-state">
          <p className="empty-state__title">{t('pick.empty')}</p>
        </div>
      ) : (
        <ul className="tpl-pick-list">
          {list.map((tpl) => (
            <li key={tpl._id}>
              <button type="button" className="tpl-pick-list__item" onClick={() => choose(tpl)}>
                <span className="tpl-icon" aria-hidden="true">
                  {tpl.icon || '✦'}
                </span>
                <span>
                  <strong>{tpl.name}</strong>
                  {tpl.description && <small className="muted">{tpl.description}</small>}
                </span>
              </button>
            </li>
          ))}
        </ul>
      )}
    </Dialog>,
    document.body,
  );
}

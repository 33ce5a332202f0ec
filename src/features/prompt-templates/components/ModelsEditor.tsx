import { useTranslation } from 'react-i18next';
import { GENERATE_TEXT_USING, PROMPT_TEMPLATE_LIMITS as L } from '../../../shared/contract/prompt-templates';
import { Button } from '../../../ui/Button';
import type { TDraft } from '../template-draft';

/**
 * Compatible models (name, model code and what each is good for), the selected one, and which model writes the answer:
 * the one the block or chat has chosen, or the template's selected model.
 */
export function ModelsEditor(props: {
  draft: TDraft;
  problems: Record<string, string>;
  onChange: (patch: Partial<TDraft>) => void;
}) {
  const { t } = useTranslation('templates');
  const { draft, problems } = props;
  const models = draft.compatibleModel;
  const setModel = (i: number, patch: Partial<(typeof models)[number]>) =>
    props.onChange({ compatibleModel: models.map((m, j) => (j === i ? { ...m, ...patch } : m)) });
  return (
    <div>
      <h3>{t('editor.models')}</h3>
      {models.map((m, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: rows have no id; removing one re-keys the rest, which is harmless here
        <div key={i} className="tpl-editor__inline">
          <input
            id={`tpl-compatibleModel.${i}.name`}
            className="input"
            aria-label={t('editor.modelName', { n: i + 1 })}
            placeholder={t('editor.modelNamePlaceholder')}
            maxLength={L.modelText}
            value={m.name}
            onChange={(e) => setModel(i, { name: e.target.value })}
          />
          <input
            id={`tpl-compatibleModel.${i}.model`}
            className="input"
            aria-label={t('editor.modelCode', { n: i + 1 })}
            placeholder="gpt-4o-mini"
            maxLength={L.modelText}
            value={m.model}
            onChange={(e) => setModel(i, { model: e.target.value })}
          />
          <input
            id={`tpl-compatibleModel.${i}.description`}
            className="input"
            aria-label={t('editor.modelDescription', { n: i + 1 })}
            placeholder={t('editor.modelDescriptionPlaceholder')}
            maxLength={L.fieldDescription}
            value={m.description ?? ''}
            onChange={(e) => setModel(i, { description: e.target.value })}
          />
          <Button
            size="sm"
            variant="secondary"
            aria-label={t('editor.removeModel', { n: i + 1 })}
            onClick={() => props.onChange({ compatibleModel: models.filter((_, j) => j !== i) })}
          >
            {t('editor.remove')}
          </Button>
          {(problems[`compatibleModel.${i}.name`] || problems[`compatibleModel.${i}.model`]) && (
            <small className="field__error">
              {problems[`compatibleModel.${i}.name`] ?? problems[`compatibleModel.${i}.model`]}
            </small>
          )}
        </div>
      ))}
      <div className="tpl-editor__inline">
        <Button
          size="sm"
          variant="secondary"
          disabled={models.length >= L.compatibleModels}
          onClick={() =>
            props.onChange({ compatibleModel: [...models, { name: '', model: '', description: '' }] })
          }
        >
          + {t('editor.addModel')}
        </Button>
      </div>
      <div className="field">
        <label htmlFor="tpl-generateTextUsing">{t('fields.generateTextUsing')}</label>
        <select
          id="tpl-generateTextUsing"
          className="input"
          value={draft.generateTextUsing}
          onChange={(e) =>
            props.onChange({ generateTextUsing: e.target.value as TDraft['generateTextUsing'] })
          }
        >
          {GENERATE_TEXT_USING.map((g) => (
            <option key={g} value={g}>
              {t(`using.${g}`)}
            </option>
          ))}
        </select>
      </div>
      <div className="field">
        <label htmlFor="tpl-selectedModel">{t('fields.selectedModel')}</label>
        <select
          id="tpl-selectedModel"
          className="input"
          value={draft.selectedModel}
          aria-invalid={problems.selectedModel ? true : undefined}
          onChange={(e) => props.onChange({ selectedModel: e.target.value })}
        >
          <option value="">{t('editor.noModel')}</option>
          {draft.selectedModel && !models.some((m) => m.model === draft.selectedModel) && (
            <option value={draft.selectedModel}>{draft.selectedModel}</option>
          )}
          {models
            .filter((m) => m.model.trim())
            .map((m) => (
              <option key={m.model} value={m.model}>
                {m.name || m.model}
              </option>
            ))}
        </select>
        {problems.selectedModel && <small className="field__error">{problems.selectedModel}</small>}
      </div>
    </div>
  );
}

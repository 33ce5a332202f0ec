import { useTranslation } from 'react-i18next';
import {
  PROMPT_TEMPLATE_LIMITS as L,
  PROMPT_FIELD_TYPES,
  type TPromptField,
  type TPromptSection,
} from '../../../shared/contract/prompt-templates';
import { Button } from '../../../ui/Button';
import { emptyField } from '../template-draft';

type Problems = Record<string, string>;

/** Text and area inputs with their label and the contract's message for that path. */
function Input(props: {
  label: string;
  path: string;
  value: string;
  max: number;
  problems: Problems;
  onChange: (v: string) => void;
  wide?: boolean;
}) {
  const id = `tpl-${props.path}`;
  const problem = props.problems[props.path];
  return (
    <div className={`field${props.wide ? ' tpl-editor__wide' : ''}`}>
      <label htmlFor={id}>{props.label}</label>
      <input
        id={id}
        className="input"
        value={props.value}
        maxLength={props.max}
        aria-invalid={problem ? true : undefined}
        aria-describedby={problem ? `${id}-error` : undefined}
        onChange={(e) => props.onChange(e.target.value)}
      />
      {problem && (
        <small id={`${id}-error`} className="field__error">
          {problem}
        </small>
      )}
    </div>
  );
}

/** The template's sections and, in each, its typed fields; limits from the contract. */
export function SectionsEditor(props: {
  sections: TPromptSection[];
  problems: Problems;
  onChange: (sections: TPromptSection[]) => void;
}) {
  const { t } = useTranslation('templates');
  const { sections, problems } = props;
  const total = sections.reduce((n, s) => n + s.fields.length, 0);
  const setSection = (i: number, patch: Partial<TPromptSection>) =>
    props.onChange(sections.map((s, j) => (j === i ? { ...s, ...patch } : s)));
  const setField = (si: number, fi: number, patch: Partial<TPromptField>) =>
    setSection(si, { fields: sections[si].fields.map((f, j) => (j === fi ? { ...f, ...patch } : f)) });
  return (
    <div>
      <h3>{t('editor.sections', { n: total, max: L.fields })}</h3>
      {problems.sections && <p className="field__error">{problems.sections}</p>}
      {sections.map((s, si) => {
        const at = `sections.${si}`;
        return (
          <fieldset key={at} className="tpl-fill__section">
            <legend>{t('editor.section', { n: si + 1 })}</legend>
            <div className="tpl-editor__inline">
              <Input
                label={t('editor.sectionName')}
                path={`${at}.name`}
                value={s.name}
                max={L.label}
                problems={problems}
                onChange={(name) => setSection(si, { name })}
              />
              <Button
                size="sm"
                variant="secondary"
                aria-label={t('editor.removeSection', { n: si + 1 })}
                onClick={() => props.onChange(sections.filter((_, j) => j !== si))}
              >
                {t('editor.remove')}
              </Button>
            </div>
            {s.fields.map((f, fi) => {
              const fp = `${at}.fields.${fi}`;
              return (
                <div key={fp} className="tpl-editor__field-row" data-testid="tpl-field-row">
                  <Input
                    label={t('field.label')}
                    path={`${fp}.label`}
                    value={f.label}
                    max={L.label}
                    problems={problems}
                    onChange={(label) => setField(si, fi, { label })}
                  />
                  <Input
                    label={t('field.name')}
                    path={`${fp}.name`}
                    value={f.name}
                    max={L.fieldName}
                    problems={problems}
                    onChange={(name) => setField(si, fi, { name })}
                  />
                  <div className="field">
                    <label htmlFor={`tpl-${fp}.type`}>{t('field.type')}</label>
                    <select
                      id={`tpl-${fp}.type`}
                      className="input"
                      value={f.type}
                      onChange={(e) => setField(si, fi, { type: e.target.value as TPromptField['type'] })}
                    >
                      {PROMPT_FIELD_TYPES.map((type) => (
                        <option key={type} value={type}>
                          {t(`types.${type}`)}
                        </option>
                      ))}
                    </select>
                  </div>
                  <Input
                    label={t('field.value')}
                    path={`${fp}.value`}
                    value={f.value}
                    max={L.value}
                    problems={problems}
                    onChange={(value) => setField(si, fi, { value })}
                  />
                  <Input
                    label={t('field.placeholder')}
                    path={`${fp}.placeholder`}
                    value={f.placeholder}
                    max={L.placeholder}
                    problems={problems}
                    onChange={(placeholder) => setField(si, fi, { placeholder })}
                  />
                  <div className="field">
                    <label htmlFor={`tpl-${fp}.maxLength`}>{t('field.maxLength')}</label>
                    <input
                      id={`tpl-${fp}.maxLength`}
                      className="input"
                      inputMode="numeric"
                      value={f.maxLength ?? ''}
                      placeholder={String(L.value)}
                      onChange={(e) => {
                        const n = Number.parseInt(e.target.value.replace(/\D/g, ''), 10);
                        setField(si, fi, { maxLength: Number.isFinite(n) ? Math.min(n, L.value) : null });
                      }}
                    />
                  </div>
                  <Input
                    wide
                    label={t('field.description')}
                    path={`${fp}.description`}
                    value={f.description}
                    max={L.fieldDescription}
                    problems={problems}
                    onChange={(description) => setField(si, fi, { description })}
                  />
                  <div className="tpl-editor__inline tpl-editor__wide">
                    <label className="tpl-editor__check">
                      <input
                        type="checkbox"
                        checked={f.required}
                        onChange={(e) => setField(si, fi, { required: e.target.checked })}
                      />
                      {t('field.required')}
                    </label>
                    <Button
                      size="sm"
                      variant="secondary"
                      aria-label={t('editor.removeField', { name: f.label || f.name })}
                      onClick={() => setSection(si, { fields: s.fields.filter((_, j) => j !== fi) })}
                    >
                      {t('editor.remove')}
                    </Button>
                  </div>
                </div>
              );
            })}
            <Button
              size="sm"
              variant="secondary"
              disabled={s.fields.length >= L.fieldsPerSection || total >= L.fields}
              onClick={() => setSection(si, { fields: [...s.fields, emptyField(total + 1)] })}
            >
              + {t('editor.addField')}
            </Button>
          </fieldset>
        );
      })}
      <Button
        variant="secondary"
        disabled={sections.length >= L.sections}
        onClick={() => props.onChange([...sections, { name: '', fields: [] }])}
      >
        + {t('editor.addSection')}
      </Button>
    </div>
  );
}

import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { TPromptSection } from '../../shared/contract/prompt-templates';
import { fillPromptTemplate, type TFieldProblem } from '../../shared/domain/prompt-template';

export interface TFillTemplate {
  systemPrompt: string;
  userPrompt: string;
  sections: ReadonlyArray<TPromptSection>;
}

export type TFieldValues = Record<string, string>;

/** Each field's starting value: what was filled before, else the template's default. */
export function initialValues(template: TFillTemplate, previous: Readonly<TFieldValues> = {}): TFieldValues {
  const out: TFieldValues = {};
  for (const s of template.sections) for (const f of s.fields) out[f.name] = previous[f.name] ?? f.value;
  return out;
}

const PROBLEM_KEY: Record<TFieldProblem, string> = {
  required: 'fill.required',
  tooLong: 'fill.tooLong',
  notNumber: 'fill.notNumber',
  notUrl: 'fill.notUrl',
};

/**
 * The small form a template asks for (its sections of typed fields) and, under it, the prompt it
 * makes, filled by the same function the runtime and chat use. A field's problem shows once the
 * field was left (`touched`) or the caller asks for all of them (`showProblems`, after a submit).
 */
export function TemplateFillForm(props: {
  template: TFillTemplate;
  values: TFieldValues;
  onChange: (values: TFieldValues) => void;
  showProblems: boolean;
  touched?: ReadonlySet<string>;
  onTouch?: (name: string) => void;
}) {
  const { t } = useTranslation('templates');
  const base = useId();
  const { template, values } = props;
  const filled = fillPromptTemplate(template, values);
  const shown = (name: string) => props.showProblems || props.touched?.has(name);
  return (
    <div className="tpl-fill">
      {template.sections.map((section, si) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: sections have no id and keep their order while the form is open
        <fieldset key={`${si}-${section.name}`} className="tpl-fill__section">
          {section.name && <legend>{section.name}</legend>}
          {section.fields.map((f) => {
            const id = `${base}-${f.name}`;
            const problem = shown(f.name) ? filled.problems[f.name] : undefined;
            const hint = f.description ? `${id}-hint` : undefined;
            const error = problem ? `${id}-error` : undefined;
            const common = {
              id,
              name: f.name,
              className: 'input',
              value: values[f.name] ?? '',
              placeholder: f.placeholder || undefined,
              required: f.required,
              maxLength: f.maxLength ?? undefined,
              'aria-invalid': problem ? true : undefined,
              'aria-describedby': [hint, error].filter(Boolean).join(' ') || undefined,
              onBlur: () => props.onTouch?.(f.name),
            };
            const set = (v: string) => props.onChange({ ...values, [f.name]: v });
            return (
              <div key={f.name} className="field">
                <label htmlFor={id}>
                  {f.label}
                  {f.required && <span aria-hidden="true"> *</span>}
                </label>
                {f.type === 'textarea' ? (
                  <textarea {...common} rows={4} onChange={(e) => set(e.target.value)} />
                ) : (
                  <input
                    {...common}
                    // A number field is text with a decimal keypad: the browser's number input would hide
                    // what was typed wrong instead of letting us say so.
                    type={f.type === 'url' ? 'url' : 'text'}
                    inputMode={f.type === 'number' ? 'decimal' : f.type === 'url' ? 'url' : undefined}
                    onChange={(e) => set(e.target.value)}
                  />
                )}
                {hint && (
                  <small id={hint} className="muted">
                    {f.description}
                  </small>
                )}
                {f.maxLength && (
                  <small className="muted tpl-fill__count">
                    {(values[f.name] ?? '').length} / {f.maxLength}
                  </small>
                )}
                {problem && (
                  <small id={error} className="field__error" role="alert">
                    {t(PROBLEM_KEY[problem], { max: f.maxLength ?? 0 })}
                  </small>
                )}
              </div>
            );
          })}
        </fieldset>
      ))}
      <section className="tpl-fill__preview" aria-label={t('fill.preview')}>
        <h3>{t('fill.preview')}</h3>
        {filled.system && (
          <>
            <h4>{t('fields.systemPrompt')}</h4>
            <pre data-testid="tpl-preview-system">{filled.system}</pre>
          </>
        )}
        <h4>{t('fields.userPrompt')}</h4>
        <pre data-testid="tpl-preview-user">{filled.user || '—'}</pre>
      </section>
    </div>
  );
}

import { useTranslation } from 'react-i18next';
import { newId } from '../../../shared/domain/ids';
import { Button } from '../../../ui/Button';
import type { TNodeForm } from '../canvas.types';

/** The block's forms list (spec 01 §3: each with an id and a value). */
export function FormsField({
  forms,
  onChange,
  onDone,
}: {
  forms: ReadonlyArray<TNodeForm>;
  onChange: (forms: TNodeForm[], commitNow?: boolean) => void;
  onDone: () => void;
}) {
  const { t } = useTranslation();
  const set = (i: number, value: string) => onChange(forms.map((f, j) => (j === i ? { ...f, value } : f)));
  return (
    <fieldset className="panel-group">
      <legend>{t('canvas.panel.forms')}</legend>
      {forms.length === 0 && <p className="flow-side__hint">{t('canvas.panel.noForms')}</p>}
      <ol className="panel-forms">
        {forms.map((f, i) => (
          <li key={f.id}>
            <input
              className="input"
              value={f.value}
              aria-label={t('canvas.panel.formValue', { n: i + 1 })}
              onChange={(e) => set(i, e.target.value)}
              onBlur={onDone}
            />
            <button
              type="button"
              className="icon-btn"
              aria-label={t('canvas.panel.removeForm', { n: i + 1 })}
              onClick={() =>
                onChange(
                  forms.filter((_, j) => j !== i),
                  true,
                )
              }
            >
              ×
            </button>
          </li>
        ))}
      </ol>
      <Button
        variant="secondary"
        size="sm"
        onClick={() => onChange([...forms, { id: newId(), value: '' }], true)}
      >
        + {t('canvas.panel.addForm')}
      </Button>
    </fieldset>
  );
}

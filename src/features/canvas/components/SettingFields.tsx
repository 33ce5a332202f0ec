import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { TNodeData } from '../canvas.types';
import { BLOCK_SETTINGS, HTTP_METHODS, type TSettingField } from './block-settings';

function Field({
  field,
  value,
  onChange,
  onDone,
}: {
  field: TSettingField;
  value: string;
  onChange: (v: string) => void;
  onDone: () => void;
}) {
  const { t } = useTranslation();
  const id = useId();
  // The hints show the placeholders literally: passed as values, so i18next does not read them as its own.
  const hint = t(`canvas.settings.${field.key}Hint`, {
    defaultValue: '',
    field: '{{name}}',
    secret: '{{secret:NAME}}',
  });
  return (
    <div className="panel-field">
      <label htmlFor={id}>{t(`canvas.settings.${field.key}`)}</label>
      {field.kind === 'method' ? (
        <select
          id={id}
          className="input"
          value={value}
          onChange={(e) => onChange(e.target.value)}
          onBlur={onDone}
        >
          {HTTP_METHODS.map((m) => (
            <option key={m} value={m}>
              {m || t('canvas.settings.methodAuto')}
            </option>
          ))}
        </select>
      ) : field.kind === 'text' ? (
        <textarea
          id={id}
          className="input"
          rows={4}
          value={value}
          onChange={(e) => onChange(e.target.value)}
          onBlur={onDone}
        />
      ) : (
        <input
          id={id}
          className="input"
          type={field.url ? 'url' : 'text'}
          inputMode={field.url ? 'url' : undefined}
          placeholder={field.url ? 'https://…' : undefined}
          value={value}
          onChange={(e) => onChange(e.target.value)}
          onBlur={onDone}
        />
      )}
      {hint && <p className="flow-side__hint">{hint}</p>}
    </div>
  );
}

/** The named settings of a block the server runs (block-settings.ts); none for other blocks. */
export function SettingFields({
  type,
  data,
  onChange,
  onDone,
}: {
  type: string;
  data: TNodeData;
  onChange: (patch: Partial<TNodeData>) => void;
  onDone: () => void;
}) {
  const fields = BLOCK_SETTINGS[type];
  if (!fields) return null;
  return (
    <>
      {fields.map((f) => (
        <Field
          key={f.key}
          field={f}
          value={typeof data[f.key] === 'string' ? (data[f.key] as string) : ''}
          onChange={(v) => onChange({ [f.key]: v })}
          onDone={onDone}
        />
      ))}
    </>
  );
}

import { useTranslation } from 'react-i18next';

/** The e-mail input every sign-in screen uses (type email, required; native validation is off). */
export function EmailField({
  id,
  value,
  onChange,
}: {
  id: string;
  value: string;
  onChange: (v: string) => void;
}) {
  const { t } = useTranslation('common');
  return (
    <div className="field">
      <label htmlFor={id}>{t('auth.email')}</label>
      <input
        id={id}
        className="input"
        type="email"
        required
        autoComplete="email"
        value={value}
        onChange={(e) => onChange(e.target.value)}
      />
    </div>
  );
}

/** A form's error line, announced when it appears. */
export function FormError({ message }: { message: string }) {
  if (!message) return null;
  return (
    <p className="field__error" role="alert">
      {message}
    </p>
  );
}

import { useState } from 'react';
import { useTranslation } from 'react-i18next';

/** Password input with a show/hide toggle. */
export function PasswordField(props: {
  id: string;
  label: string;
  value: string;
  onChange: (v: string) => void;
  autoComplete: string;
}) {
  const { t } = useTranslation('common');
  const [shown, setShown] = useState(false);
  return (
    <div className="field">
      <label htmlFor={props.id}>{props.label}</label>
      <div className="password-field">
        <input
          id={props.id}
          className="input"
          type={shown ? 'text' : 'password'}
          value={props.value}
          autoComplete={props.autoComplete}
          required
          onChange={(e) => props.onChange(e.target.value)}
        />
        <button
          type="button"
          className="password-field__toggle"
          aria-pressed={shown}
          aria-label={shown ? t('auth.hidePassword') : t('auth.showPassword')}
          onClick={() => setShown((s) => !s)}
        >
          {shown ? t('auth.hide') : t('auth.show')}
        </button>
      </div>
    </div>
  );
}

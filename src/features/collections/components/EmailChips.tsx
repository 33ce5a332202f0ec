import { type KeyboardEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ZEmail } from '../../../shared/contract/auth';

export const isEmail = (s: string) => ZEmail.safeParse(s).success;

/** Splits pasted or typed text on commas, semicolons and spaces into e-mails, lower-cased. */
const split = (text: string) =>
  text
    .split(/[,;\s]+/)
    .map((s) => s.trim().toLowerCase())
    .filter(Boolean);

/**
 * E-mail addresses as chips: a comma or Enter turns the typed text into a chip, Backspace in the
 * empty field removes the last one. A wrong address stays visible, marked, so it can be fixed.
 */
export function EmailChips(props: {
  id: string;
  value: string[];
  onChange: (v: string[]) => void;
  describedBy?: string;
}) {
  const { t } = useTranslation('navbar');
  const [draft, setDraft] = useState('');
  const hintId = useId();
  const commit = (text: string) => {
    const added = split(text).filter((e) => !props.value.includes(e));
    if (added.length) props.onChange([...props.value, ...new Set(added)]);
    setDraft('');
  };
  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if ((e.key === 'Enter' || e.key === ',') && draft.trim()) {
      e.preventDefault();
      commit(draft);
    } else if (e.key === 'Backspace' && !draft && props.value.length) {
      props.onChange(props.value.slice(0, -1));
    }
  };
  return (
    <div className="email-chips">
      {props.value.length > 0 && (
        <ul className="email-chips__list">
          {props.value.map((email) => (
            <li key={email} className={`email-chip${isEmail(email) ? '' : ' email-chip--invalid'}`}>
              <span>{email}</span>
              <button
                type="button"
                className="email-chip__remove"
                aria-label={t('collections.removeEmail', { email })}
                onClick={() => props.onChange(props.value.filter((x) => x !== email))}
              >
                ×
              </button>
            </li>
          ))}
        </ul>
      )}
      <input
        id={props.id}
        className="input"
        type="text"
        inputMode="email"
        autoCapitalize="none"
        autoComplete="off"
        value={draft}
        placeholder={t('collections.emailsPlaceholder')}
        aria-describedby={[hintId, props.describedBy].filter(Boolean).join(' ')}
        onChange={(e) => (/[,;]/.test(e.target.value) ? commit(e.target.value) : setDraft(e.target.value))}
        onKeyDown={onKeyDown}
        onBlur={() => draft.trim() && commit(draft)}
      />
      <span id={hintId} className="field__hint">
        {t('collections.emailsHint')}
      </span>
    </div>
  );
}

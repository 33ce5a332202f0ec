import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../../shared/api/http';
import { JOIN_CODE_MAX, JOIN_CODE_MIN, stripJoinCode } from '../../../../shared/contract/assignments';
import { assignmentsApi } from '../../assignments.api';

/** null: fewer than 3 characters (no check); then checking, available or unavailable (spec 02 §4). */
export type CodeAvailability = null | 'checking' | 'available' | 'unavailable';
const CHECK_DELAY_MS = 300;

/**
 * The join-code input: anything but letters and digits is stripped at once with 'Only alphanumeric
 * characters are allowed.'; from 3 characters on the server says whether the code is free.
 */
export function JoinCodeField(props: {
  current: string;
  value: string;
  onChange: (code: string, availability: CodeAvailability) => void;
}) {
  const { t } = useTranslation('assignment');
  const id = useId();
  const [stripped, setStripped] = useState(false);
  const [availability, setAvailability] = useState<CodeAvailability>(null);
  const { value, onChange, current } = props;

  // biome-ignore lint/correctness/useExhaustiveDependencies: onChange is the parent's inline setter; the check follows the value only
  useEffect(() => {
    if (value.length < JOIN_CODE_MIN || value.toLowerCase() === current.toLowerCase()) {
      setAvailability(null);
      onChange(value, null);
      return;
    }
    setAvailability('checking');
    onChange(value, 'checking');
    const ctrl = new AbortController();
    const timer = setTimeout(() => {
      assignmentsApi.checkCode(value, ctrl.signal).then(
        (res) => {
          const next = res.isUnique ? 'available' : 'unavailable';
          setAvailability(next);
          onChange(value, next);
        },
        (err) => {
          if (err instanceof ApiError && err.kind === 'cancelled') return;
          setAvailability('unavailable');
          onChange(value, 'unavailable');
        },
      );
    }, CHECK_DELAY_MS);
    return () => {
      clearTimeout(timer);
      ctrl.abort();
    };
  }, [value, current]);

  const messageId = `${id}-message`;
  return (
    <div className="field">
      <label htmlFor={id}>{t('invite.codeLabel')}</label>
      <input
        id={id}
        className="input input--code join-code-input"
        value={value}
        maxLength={JOIN_CODE_MAX}
        autoCapitalize="characters"
        autoComplete="off"
        spellCheck={false}
        aria-describedby={messageId}
        onChange={(e) => {
          const clean = stripJoinCode(e.target.value);
          setStripped(clean !== e.target.value);
          onChange(clean, null);
        }}
      />
      <div id={messageId} aria-live="polite" className="join-code-messages">
        {stripped && <span className="field__error">{t('invite.onlyAlphanumeric')}</span>}
        {availability === 'checking' && <span className="field__hint">{t('invite.checking')}</span>}
        {availability === 'available' && <span className="code-ok">{t('invite.available')}</span>}
        {availability === 'unavailable' && <span className="field__error">{t('invite.unavailable')}</span>}
        {value.length > 0 && value.length < JOIN_CODE_MIN && (
          <span className="field__hint">{t('invite.tooShort', { count: JOIN_CODE_MIN })}</span>
        )}
      </div>
    </div>
  );
}

import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TOrgBalance } from '../../../shared/contract/credits';
import { parseCredits } from '../../../shared/domain/decimal';
import { Button } from '../../../ui/Button';
import { toastSuccess } from '../../../ui/surfaces';
import { creditsApi } from '../credits.api';

/** Organisation admins set or remove the monthly credit limit (spec 03 §8). */
export function MonthlyLimitForm(props: { current: number | null; onSaved: (org: TOrgBalance) => void }) {
  const { t } = useTranslation('credits');
  const id = useId();
  const [value, setValue] = useState(props.current === null ? '' : String(props.current));
  const [busy, setBusy] = useState(false);
  const trimmed = value.trim();
  let valid = trimmed === '';
  try {
    valid ||= parseCredits(trimmed) >= 0n;
  } catch {
    valid = false;
  }

  async function save(limit: string | null) {
    setBusy(true);
    try {
      const res = await creditsApi.setMonthlyLimit(limit);
      props.onSaved(res.data);
      setValue(limit ?? '');
      toastSuccess(limit === null ? t('limit.removed') : t('limit.saved'));
    } catch {
      // The api-client shows the server's message.
    } finally {
      setBusy(false);
    }
  }

  return (
    <section className="credits-section" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{t('limit.title')}</h2>
      <p className="credits-section__lead">{t('limit.lead')}</p>
      <form
        className="credits-form"
        onSubmit={(e) => {
          e.preventDefault();
          if (valid) void save(trimmed === '' ? null : trimmed);
        }}
      >
        <div className="field">
          <label htmlFor={id}>{t('limit.label')}</label>
          <input
            id={id}
            className="input"
            inputMode="decimal"
            autoComplete="off"
            placeholder={t('limit.none')}
            value={value}
            aria-invalid={!valid || undefined}
            aria-describedby={`${id}-hint`}
            onChange={(e) => setValue(e.target.value)}
          />
          <span id={`${id}-hint`} className={valid ? 'field__hint' : 'field__error'}>
            {valid ? t('limit.hint') : t('limit.invalid')}
          </span>
        </div>
        <Button type="submit" busy={busy} disabled={!valid}>
          {t('limit.save')}
        </Button>
        {props.current !== null && (
          <Button variant="secondary" disabled={busy} onClick={() => void save(null)}>
            {t('limit.remove')}
          </Button>
        )}
      </form>
    </section>
  );
}

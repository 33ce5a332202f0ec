import { type FormEvent, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { LRS_RETENTION_MAX_MONTHS } from '../../../shared/contract/lrs';
import { retentionCutoff } from '../../../shared/domain/lrs-retention';
import { Button } from '../../../ui/Button';
import { SkeletonRows } from '../../../ui/Skeleton';
import { confirmDialog, toastSuccess } from '../../../ui/surfaces';
import { loadRetention, retention, saveRetention, shortens } from '../retention.store';

/** A new retention starts at two school years: long enough for reports, short enough to mean something. */
const SUGGESTED_MONTHS = 24;

/** The whole number of months typed, or null when it is not one the server accepts. */
function monthsOf(text: string): number | null {
  if (!/^\d{1,4}$/.test(text.trim())) return null;
  const n = Number(text);
  return n >= 1 && n <= LRS_RETENTION_MAX_MONTHS ? n : null;
}

/**
 * How long the space keeps its statements, attachments and documents. Shown on the LRS screen,
 * which only the space's owner reaches (the server refuses everyone else too); the screen loads it. Shortening, or
 * turning it on, asks first: the next hourly sweep deletes for good.
 */
export function RetentionCard() {
  const { t, i18n } = useTranslation('lrs');
  const snap = useSnapshot(retention);
  const [keepForever, setKeepForever] = useState(true);
  const [text, setText] = useState(String(SUGGESTED_MONTHS));

  // The form starts from what is saved, and again after each load.
  useEffect(() => {
    if (snap.status !== 'ready') return;
    setKeepForever(snap.months === null);
    // Turned off, the months typed last stay for the next time it is turned on.
    if (snap.months !== null) setText(String(snap.months));
  }, [snap.status, snap.months]);

  const chosen = keepForever ? null : monthsOf(text);
  const invalid = !keepForever && chosen === null;
  const unchanged = !invalid && chosen === snap.months;
  const dateOf = (months: number) =>
    retentionCutoff(new Date(), months).toLocaleDateString(i18n.language, { dateStyle: 'long' });

  const onSave = async (e: FormEvent) => {
    e.preventDefault();
    if (invalid || unchanged) return;
    if (shortens(snap.months, chosen) && chosen !== null) {
      const ok = await confirmDialog({
        title: t('retention.confirmTitle', { count: chosen }),
        message: t('retention.confirmMessage', { date: dateOf(chosen) }),
        confirmLabel: t('retention.confirm'),
        cancelLabel: t('common:actions.cancel'),
        danger: true,
      });
      if (!ok) return;
    }
    if (await saveRetention(chosen)) toastSuccess(t('retention.saved'));
  };

  return (
    <section className="card lrs-retention" aria-labelledby="lrs-retention-title" data-testid="lrs-retention">
      <h2 id="lrs-retention-title" className="lrs-card__title">
        {t('retention.title')}
      </h2>
      {snap.status === 'loading' && <SkeletonRows count={2} label={t('retention.loading')} />}
      {snap.status === 'error' && (
        <div role="alert" className="lrs-retention__failed">
          <p>{t('retention.loadFailed')}</p>
          <Button variant="secondary" onClick={() => void loadRetention()}>
            {t('retry')}
          </Button>
        </div>
      )}
      {snap.status === 'ready' && (
        <form onSubmit={onSave} noValidate>
          <p className="lrs-card__hint" data-testid="lrs-retention-current">
            {snap.months === null
              ? t('retention.currentForever')
              : t('retention.currentMonths', { count: snap.months })}
          </p>
          <fieldset className="field lrs-retention__choice">
            <legend>{t('retention.choiceLabel')}</legend>
            <label className="radio-card">
              <input
                type="radio"
                name="lrs-retention"
                checked={keepForever}
                onChange={() => setKeepForever(true)}
              />
              <span>
                <strong>{t('retention.forever')}</strong>
                <span className="radio-card__hint">{t('retention.foreverHint')}</span>
              </span>
            </label>
            <label className="radio-card">
              <input
                type="radio"
                name="lrs-retention"
                checked={!keepForever}
                onChange={() => setKeepForever(false)}
              />
              <span>
                <strong>{t('retention.delete')}</strong>
                <span className="radio-card__hint">{t('retention.deleteHint')}</span>
              </span>
            </label>
          </fieldset>
          {!keepForever && (
            <div className="field lrs-retention__months">
              <label htmlFor="lrs-retention-months">{t('retention.monthsLabel')}</label>
              <input
                id="lrs-retention-months"
                className="input"
                inputMode="numeric"
                value={text}
                onChange={(e) => setText(e.target.value)}
                aria-invalid={invalid || undefined}
                aria-describedby="lrs-retention-when"
              />
              {invalid ? (
                <span id="lrs-retention-when" className="field__error" role="alert">
                  {t('retention.monthsInvalid', { max: LRS_RETENTION_MAX_MONTHS })}
                </span>
              ) : (
                <span id="lrs-retention-when" className="field__hint" data-testid="lrs-retention-date">
                  {t('retention.nextSweep', { date: dateOf(chosen ?? SUGGESTED_MONTHS) })}
                </span>
              )}
            </div>
          )}
          <div className="lrs-retention__warning" role="note">
            <strong>{t('retention.warningTitle')}</strong> {t('retention.warning')}
          </div>
          {snap.saveError && (
            <p className="field__error" role="alert">
              {snap.saveError}
            </p>
          )}
          <Button type="submit" busy={snap.saving} disabled={invalid || unchanged}>
            {t('retention.save')}
          </Button>
        </form>
      )}
    </section>
  );
}

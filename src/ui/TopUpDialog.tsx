import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../shared/api/http';
import { type TDeductFrom, ZBalanceResponse } from '../shared/contract/credits';
import { creditsFrom, parseCredits } from '../shared/domain/decimal';
import { Button } from './Button';
import { creditsChanged } from './credits-signal';
import { Dialog } from './Dialog';
import { isPersonal, useSpace } from './space';
import { showToast } from './surfaces';

export interface TopUpDialogProps {
  /** e.g. the API key's or the link's name. */
  title: string;
  onClose: () => void;
  /**
   * Sends the top-up (POST /api/api-keys/topup/{id}, POST /api/assignment/access-link/{code}/topup-unit)
   * with `{ amount, deductFrom }`. Call the API quiet: this dialog shows the failure itself.
   */
  onTopUp: (amount: string, deductFrom: TDeductFrom) => Promise<unknown>;
}

/** '' when the text is a valid amount in (0, available], else why not (for the hint). */
function check(text: string, available: bigint | null): 'ok' | 'invalid' | 'tooMuch' {
  let amount: bigint;
  try {
    amount = parseCredits(text.trim());
  } catch {
    return 'invalid';
  }
  if (amount <= 0n) return 'invalid';
  if (available === null || amount > available) return 'tooMuch';
  return 'ok';
}

/**
 * The one top-up dialog (spec 02 §4/§5/§8, spec 03 §5/§8), used by API keys and public links: the
 * amount starts at 0 and Confirm stays disabled until it is above 0 and at most the available balance.
 * An organisation space pays from the organisation (PAY_BY_ORG); the personal space from the personal
 * wallet, with the organisation option disabled. Success: 'Topup success' and the dialog closes.
 * Failure: 'Top-up Failed' with the server's message, and the dialog stays open.
 */
export function TopUpDialog({ title, onClose, onTopUp }: TopUpDialogProps) {
  const { t, ready, i18n } = useTranslation('credits');
  const space = useSpace();
  const id = useId();
  const personalSpace = isPersonal(space.orgId);
  const deductFrom: TDeductFrom = personalSpace ? 'personal' : 'organization';
  const [amount, setAmount] = useState('0');
  const [available, setAvailable] = useState<number | null>(null);
  const [busy, setBusy] = useState(false);

  async function loadBalance() {
    try {
      const { data } = await api.get('credits/balance', { schema: ZBalanceResponse, quiet: true });
      setAvailable(personalSpace ? data.personal.balance : (data.organization?.balance ?? 0));
    } catch {
      setAvailable(null);
    }
  }
  // biome-ignore lint/correctness/useExhaustiveDependencies: loads once per space
  useEffect(() => {
    void loadBalance();
  }, [space.orgId]);

  const state = check(amount, available === null ? null : creditsFrom(available));
  const confirm = async () => {
    setBusy(true);
    try {
      await onTopUp(amount.trim(), deductFrom);
      showToast({ type: 'Success', message: t('topUp.success') });
      creditsChanged();
      onClose();
    } catch (error) {
      const message = error instanceof Error && error.message ? error.message : t('topUp.failedMessage');
      showToast({ type: 'Error', title: t('topUp.failed'), message });
      void loadBalance();
    } finally {
      setBusy(false);
    }
  };
  if (!ready) return null;
  const shown =
    available === null
      ? ''
      : new Intl.NumberFormat(i18n.language, { maximumFractionDigits: 6 }).format(available);
  const options: Array<{ value: TDeductFrom; disabled: boolean }> = [
    { value: 'personal', disabled: !personalSpace },
    { value: 'organization', disabled: personalSpace },
  ];
  return (
    <Dialog
      title={t('topUp.title', { name: title })}
      onClose={busy ? undefined : onClose}
      footer={
        <>
          <Button variant="secondary" onClick={onClose} disabled={busy}>
            {t('common:actions.cancel')}
          </Button>
          <Button onClick={() => void confirm()} disabled={state !== 'ok'} busy={busy}>
            {t('common:actions.confirm')}
          </Button>
        </>
      }
    >
      <fieldset className="field payment-field">
        <legend>{t('topUp.from')}</legend>
        {options.map((o) => (
          <label key={o.value} className={`radio-card${o.disabled ? ' is-disabled' : ''}`}>
            <input
              type="radio"
              name={`${id}-from`}
              checked={deductFrom === o.value}
              disabled={o.disabled}
              readOnly
            />
            <span>
              <strong>{t(`topUp.${o.value}`)}</strong>
              {o.disabled && <span className="radio-card__hint">{t(`topUp.${o.value}Disabled`)}</span>}
            </span>
          </label>
        ))}
      </fieldset>
      <div className="field">
        <label htmlFor={`${id}-amount`}>{t('topUp.amount')}</label>
        <input
          id={`${id}-amount`}
          className="input"
          inputMode="decimal"
          autoComplete="off"
          value={amount}
          aria-invalid={(amount !== '0' && state !== 'ok') || undefined}
          aria-describedby={`${id}-hint`}
          onChange={(e) => setAmount(e.target.value)}
          onFocus={(e) => e.currentTarget.select()}
        />
        <span id={`${id}-hint`} className={state === 'ok' || amount === '0' ? 'field__hint' : 'field__error'}>
          {available === null
            ? t('topUp.noBalance')
            : state === 'tooMuch'
              ? t('topUp.tooMuch', { available: shown })
              : t('topUp.available', { available: shown })}
        </span>
      </div>
    </Dialog>
  );
}

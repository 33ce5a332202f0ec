import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { parseCredits } from '../../../shared/domain/decimal';
import { Button } from '../../../ui/Button';

export interface TGrantInput {
  kind: 'user' | 'org';
  target: string;
  amount: string;
  note: string;
}

const isPositive = (v: string) => {
  try {
    return parseCredits(v.trim()) > 0n;
  } catch {
    return false;
  }
};

/** Who gets the credits (an e-mail or an organisation code), how many, and why. */
export function GrantForm({ onGrant }: { onGrant: (input: TGrantInput) => Promise<boolean> }) {
  const { t } = useTranslation('credits');
  const id = useId();
  const [kind, setKind] = useState<'user' | 'org'>('user');
  const [target, setTarget] = useState('');
  const [amount, setAmount] = useState('');
  const [note, setNote] = useState('');
  const [busy, setBusy] = useState(false);
  const amountOk = isPositive(amount);
  const ready = target.trim() !== '' && amountOk;

  return (
    <form
      className="credits-section"
      aria-labelledby={`${id}-title`}
      onSubmit={async (e) => {
        e.preventDefault();
        if (!ready) return;
        setBusy(true);
        const ok = await onGrant({ kind, target: target.trim(), amount: amount.trim(), note: note.trim() });
        setBusy(false);
        if (ok) {
          setAmount('');
          setNote('');
        }
      }}
    >
      <h2 id={`${id}-title`}>{t('grant.formTitle')}</h2>
      <fieldset className="field">
        <legend>{t('grant.to')}</legend>
        <div className="credits-tabs">
          {(['user', 'org'] as const).map((k) => (
            <label key={k} className="radio-inline">
              <input type="radio" name={`${id}-kind`} checked={kind === k} onChange={() => setKind(k)} />{' '}
              {t(k === 'user' ? 'grant.toUser' : 'grant.toOrg')}
            </label>
          ))}
        </div>
      </fieldset>
      <div className="credits-form">
        <div className="field">
          <label htmlFor={`${id}-target`}>{t(kind === 'user' ? 'grant.email' : 'grant.orgCode')}</label>
          <input
            id={`${id}-target`}
            className="input"
            type={kind === 'user' ? 'email' : 'text'}
            autoComplete="off"
            value={target}
            onChange={(e) => setTarget(e.target.value)}
          />
        </div>
        <div className="field">
          <label htmlFor={`${id}-amount`}>{t('grant.amount')}</label>
          <input
            id={`${id}-amount`}
            className="input"
            inputMode="decimal"
            autoComplete="off"
            value={amount}
            aria-invalid={(amount !== '' && !amountOk) || undefined}
            onChange={(e) => setAmount(e.target.value)}
          />
          {amount !== '' && !amountOk && <span className="field__error">{t('grant.amountInvalid')}</span>}
        </div>
        <div className="field">
          <label htmlFor={`${id}-note`}>{t('grant.note')}</label>
          <input
            id={`${id}-note`}
            className="input"
            maxLength={200}
            value={note}
            onChange={(e) => setNote(e.target.value)}
          />
        </div>
        <Button type="submit" busy={busy} disabled={!ready}>
          {t('grant.submit')}
        </Button>
      </div>
    </form>
  );
}

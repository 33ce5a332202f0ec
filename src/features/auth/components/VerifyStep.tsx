import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CODE_LENGTH, CODE_TTL_SECONDS } from '../../../shared/contract/auth';
import { formatCountdown } from '../../../shared/domain/dates';
import { Button } from '../../../ui/Button';
import { toastError, toastSuccess } from '../../../ui/surfaces';
import { authApi } from '../auth.api';
import { authErrorText } from '../error-text';
import { AuthLayout } from './AuthLayout';
import { useCountdown } from './useCountdown';

interface VerifyProps {
  email: string;
  /** The password typed on the previous step: verification binds the account to it. */
  password: string;
  onVerified: () => Promise<void>;
}

/** Step 2 of sign-up / sign-in: the 6-digit code with its 120 s countdown (spec 01 §2, §4). */
export function VerifyStep({ email, password, onVerified }: VerifyProps) {
  const { t } = useTranslation('common');
  const { left, restart } = useCountdown(CODE_TTL_SECONDS);
  const [code, setCode] = useState('');
  const [busy, setBusy] = useState(false);
  const [resending, setResending] = useState(false);
  const [error, setError] = useState('');
  const expired = left === 0;

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (code.length !== CODE_LENGTH || expired) return;
    setBusy(true);
    setError('');
    try {
      await authApi.verify(email, code, password);
    } catch (err) {
      setBusy(false);
      setError(authErrorText(err, t));
      return;
    }
    await onVerified();
    setBusy(false);
  };

  const resend = async () => {
    setResending(true);
    try {
      await authApi.resendCode(email, 'signup');
      restart();
      setCode('');
      setError('');
      toastSuccess(t('auth.codeResent'));
    } catch (err) {
      toastError(authErrorText(err, t));
    } finally {
      setResending(false);
    }
  };

  return (
    <form onSubmit={submit} noValidate>
      <p className="auth-card__subtitle">{t('auth.codeSentTo', { email })}</p>
      <div className="field">
        <label htmlFor="verify-code">{t('auth.code')}</label>
        <input
          id="verify-code"
          className="input input--code"
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={CODE_LENGTH}
          value={code}
          onChange={(e) => setCode(e.target.value.replace(/\D/g, '').slice(0, CODE_LENGTH))}
        />
        <span className={expired ? 'field__error' : 'field__hint'} aria-live="polite" data-testid="countdown">
          {expired ? t('auth.codeExpired') : t('auth.codeValidFor', { time: formatCountdown(left) })}
        </span>
      </div>
      {error && (
        <p className="field__error" role="alert">
          {error}
        </p>
      )}
      <Button
        type="submit"
        className="btn--block"
        busy={busy}
        disabled={code.length !== CODE_LENGTH || expired}
      >
        {t('auth.verifyAndComplete')}
      </Button>
      <Button variant="ghost" className="btn--block" busy={resending} onClick={resend}>
        {t('auth.resendCode')}
      </Button>
    </form>
  );
}

/** The whole "Verify Your Account" screen of sign-up and sign-in. */
export function VerifyScreen({ email, password, onVerified }: VerifyProps) {
  const { t } = useTranslation('common');
  return (
    <AuthLayout title={t('auth.verifyTitle')}>
      <VerifyStep email={email} password={password} onVerified={onVerified} />
    </AuthLayout>
  );
}

import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'wouter';
import { CODE_TTL_SECONDS } from '../../../shared/contract/auth';
import { formatCountdown } from '../../../shared/domain/dates';
import { Button } from '../../../ui/Button';
import { toastSuccess } from '../../../ui/surfaces';
import { authApi } from '../auth.api';
import { AuthLayout } from './AuthLayout';
import { EmailField, FormError } from './EmailField';
import { PasswordField } from './PasswordField';
import { useAuthForm } from './useAuthForm';
import { useCountdown } from './useCountdown';

/** /reset-password: a code by e-mail, then the code and a new password. */
export default function ResetPasswordPage() {
  const { t } = useTranslation('common');
  const [, navigate] = useLocation();
  const [step, setStep] = useState<'email' | 'code'>('email');
  const [code, setCode] = useState('');
  const { email, setEmail, password, setPassword, busy, error, run } = useAuthForm();
  const { left, restart } = useCountdown(CODE_TTL_SECONDS);

  const sendCode = (e: FormEvent) => {
    e.preventDefault();
    void run(async () => {
      await authApi.forgotPassword(email.trim());
      restart();
      setStep('code');
    });
  };

  const reset = (e: FormEvent) => {
    e.preventDefault();
    void run(async () => {
      await authApi.resetPassword(email.trim(), code, password);
      toastSuccess(t('auth.passwordUpdated'));
      navigate('/login', { replace: true });
    });
  };

  return (
    <AuthLayout
      title={t('auth.forgotPassword')}
      subtitle={step === 'email' ? t('auth.resetLead') : t('auth.codeSentTo', { email })}
    >
      {step === 'email' ? (
        <form onSubmit={sendCode} noValidate>
          <EmailField id="reset-email" value={email} onChange={setEmail} />
          <FormError message={error} />
          <Button type="submit" className="btn--block" busy={busy} disabled={!email.trim()}>
            {t('auth.sendCode')}
          </Button>
        </form>
      ) : (
        <form onSubmit={reset} noValidate>
          <div className="field">
            <label htmlFor="reset-code">{t('auth.code')}</label>
            <input
              id="reset-code"
              className="input input--code"
              inputMode="numeric"
              autoComplete="one-time-code"
              maxLength={6}
              value={code}
              onChange={(e) => setCode(e.target.value.replace(/\D/g, '').slice(0, 6))}
            />
            <span className={left === 0 ? 'field__error' : 'field__hint'} aria-live="polite">
              {left === 0 ? t('auth.codeExpired') : t('auth.codeValidFor', { time: formatCountdown(left) })}
            </span>
          </div>
          <PasswordField
            id="reset-password"
            label={t('auth.newPassword')}
            value={password}
            onChange={setPassword}
            autoComplete="new-password"
          />
          <FormError message={error} />
          <Button
            type="submit"
            className="btn--block"
            busy={busy}
            disabled={code.length !== 6 || password.length < 8 || left === 0}
          >
            {t('auth.updatePassword')}
          </Button>
          <Button
            variant="ghost"
            className="btn--block"
            onClick={() =>
              run(async () => {
                await authApi.resendCode(email.trim(), 'reset');
                restart();
                toastSuccess(t('auth.codeResent'));
              })
            }
          >
            {t('auth.resendCode')}
          </Button>
        </form>
      )}
      <p className="auth-card__footer">
        <Link href="/login">{t('auth.backToSignIn')}</Link>
      </p>
    </AuthLayout>
  );
}

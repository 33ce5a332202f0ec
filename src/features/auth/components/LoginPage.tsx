import { type FormEvent, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { Link, useLocation, useSearch } from 'wouter';
import { ApiError } from '../../../shared/api/http';
import { AuthErrorCode } from '../../../shared/contract/auth';
import { Button } from '../../../ui/Button';
import { toastError } from '../../../ui/surfaces';
import { goToNext, keepQuery, nextFromSearch, startOidc, takePostLoginPath } from '../auth.paths';
import { auth, signIn } from '../auth.store';
import { authErrorText } from '../error-text';
import { AuthLayout } from './AuthLayout';
import { EmailField, FormError } from './EmailField';
import { NextRedirect } from './NextRedirect';
import { PasswordField } from './PasswordField';
import { useAuthForm } from './useAuthForm';
import { VerifyScreen } from './VerifyStep';

/** /login: step 1 credentials, step 2 verification when the account is unconfirmed (spec 01 §2). */
export default function LoginPage() {
  const { t } = useTranslation('common');
  const search = useSearch();
  const [, navigate] = useLocation();
  const snap = useSnapshot(auth);
  const next = nextFromSearch(search);
  const [step, setStep] = useState<'credentials' | 'verify'>('credentials');
  const { email, setEmail, password, setPassword, busy, error, setError, run } = useAuthForm((err) => {
    if (!(err instanceof ApiError && err.errorCode === AuthErrorCode.USER_NOT_CONFIRMED))
      return authErrorText(err, t);
    setStep('verify');
    return '';
  });

  useEffect(() => {
    // Back from Google: the stored target becomes `next`, then it is forgotten.
    const stored = takePostLoginPath();
    if (stored) navigate(`/login?next=${encodeURIComponent(stored)}`, { replace: true });
  }, [navigate]);

  if (snap.status === 'signedIn') return <NextRedirect to={next} />;

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!email.trim() || !password) {
      setError(t('auth.fillBoth'));
      return;
    }
    await run(async () => {
      await signIn(email.trim(), password);
      goToNext(next, navigate);
    });
  };

  const afterVerified = async () => {
    try {
      await signIn(email.trim(), password);
      goToNext(next, navigate);
    } catch {
      toastError(t('auth.manualSignInFailed'));
      setStep('credentials');
    }
  };

  if (step === 'verify')
    return <VerifyScreen email={email.trim()} password={password} onVerified={afterVerified} />;

  return (
    <AuthLayout title={t('auth.signInTitle')}>
      {snap.oidcEnabled && (
        <Button variant="secondary" className="btn--block" onClick={() => startOidc(next)}>
          {t('auth.signInWithProvider', { provider: snap.oidcProviderName })}
        </Button>
      )}
      <Link href={keepQuery('/org-login', search)} className="auth-card__link">
        {t('auth.signInToOrg')}
      </Link>
      <p className="divider">
        <span>{t('auth.orEmail')}</span>
      </p>
      <form onSubmit={submit} noValidate>
        <EmailField id="login-email" value={email} onChange={setEmail} />
        <PasswordField
          id="login-password"
          label={t('auth.password')}
          value={password}
          onChange={setPassword}
          autoComplete="current-password"
        />
        <Link href="/reset-password" className="auth-card__link auth-card__link--end">
          {t('auth.forgotPassword')}
        </Link>
        <FormError message={error} />
        <Button type="submit" className="btn--block" busy={busy}>
          {t('auth.signIn')}
        </Button>
      </form>
      <p className="auth-card__footer">
        {t('auth.noAccount')} <Link href={keepQuery('/signup', search)}>{t('auth.signUp')}</Link>
      </p>
    </AuthLayout>
  );
}

import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { Link, Redirect, useLocation, useSearch } from 'wouter';
import { Button } from '../../../ui/Button';
import { toastError, toastSuccess } from '../../../ui/surfaces';
import { authApi } from '../auth.api';
import { goToNext, keepQuery, nextFromSearch } from '../auth.paths';
import { auth, signIn } from '../auth.store';
import { AuthLayout } from './AuthLayout';
import { EmailField, FormError } from './EmailField';
import { PasswordField } from './PasswordField';
import { useAuthForm } from './useAuthForm';
import { VerifyScreen } from './VerifyStep';

/** /signup: e-mail and password, then "Verify Your Account", then automatic sign-in. */
export default function SignupPage() {
  const { t } = useTranslation('common');
  const search = useSearch();
  const [, navigate] = useLocation();
  const snap = useSnapshot(auth);
  const next = nextFromSearch(search);
  const [step, setStep] = useState<'form' | 'verify'>('form');
  const { email, setEmail, password, setPassword, busy, error, run } = useAuthForm();

  if (snap.status === 'signedIn' && step === 'form') return <Redirect to="/" replace />;

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    await run(async () => {
      await authApi.signup({ email: email.trim(), password });
      setStep('verify');
    });
  };

  const afterVerified = async () => {
    try {
      await signIn(email.trim(), password);
      toastSuccess(t('auth.accountVerified'));
      goToNext(next, navigate);
    } catch {
      toastError(t('auth.autoSignInFailed'));
      navigate(keepQuery('/login', search), { replace: true });
    }
  };

  if (step === 'verify')
    return <VerifyScreen email={email.trim()} password={password} onVerified={afterVerified} />;

  return (
    <AuthLayout title={t('auth.signUpTitle')} subtitle={t('auth.signUpLead')}>
      <form onSubmit={submit} noValidate>
        <EmailField id="signup-email" value={email} onChange={setEmail} />
        <PasswordField
          id="signup-password"
          label={t('auth.password')}
          value={password}
          onChange={setPassword}
          autoComplete="new-password"
        />
        <p className="field__hint">{t('auth.passwordRule')}</p>
        <FormError message={error} />
        <Button
          type="submit"
          className="btn--block"
          busy={busy}
          disabled={!email.trim() || password.length < 8}
        >
          {t('auth.signUp')}
        </Button>
      </form>
      <p className="auth-card__footer">
        {t('auth.haveAccount')} <Link href={keepQuery('/login', search)}>{t('auth.signIn')}</Link>
      </p>
    </AuthLayout>
  );
}

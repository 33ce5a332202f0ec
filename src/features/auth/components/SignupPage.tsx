import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { Link, Redirect, useLocation, useSearch } from 'wouter';
import { Button } from '../../../ui/Button';
import { toastError, toastSuccess } from '../../../ui/surfaces';
import { authApi } from '../auth.api';
import { keepQuery, nextFromSearch } from '../auth.paths';
import { auth, signIn } from '../auth.store';
import { authErrorText } from '../error-text';
import { AuthLayout } from './AuthLayout';
import { EmailField, FormError } from './EmailField';
import { PasswordField } from './PasswordField';
import { VerifyStep } from './VerifyStep';

/** /signup: e-mail and password, then "Verify Your Account", then automatic sign-in. */
export default function SignupPage() {
  const { t } = useTranslation('common');
  const search = useSearch();
  const [, navigate] = useLocation();
  const snap = useSnapshot(auth);
  const next = nextFromSearch(search);
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [step, setStep] = useState<'form' | 'verify'>('form');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');

  if (snap.status === 'signedIn' && step === 'form') return <Redirect to="/" replace />;

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setBusy(true);
    setError('');
    try {
      await authApi.signup({ email: email.trim(), password });
      setStep('verify');
    } catch (err) {
      setError(authErrorText(err, t));
    } finally {
      setBusy(false);
    }
  };

  const afterVerified = async () => {
    try {
      await signIn(email.trim(), password);
      toastSuccess(t('auth.accountVerified'));
      navigate(next, { replace: true });
    } catch {
      toastError(t('auth.autoSignInFailed'));
      navigate(keepQuery('/login', search), { replace: true });
    }
  };

  if (step === 'verify') {
    return (
      <AuthLayout title={t('auth.verifyTitle')}>
        <VerifyStep email={email.trim()} onVerified={afterVerified} />
      </AuthLayout>
    );
  }

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

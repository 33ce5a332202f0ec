import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useSearch } from 'wouter';
import { nextFromSearch, takePostLoginPath } from '../auth.paths';
import { initAuth } from '../auth.store';
import { AuthLayout } from './AuthLayout';

/** /callback: the end of the OIDC code flow. The server set the refresh cookie; we take a token. */
export default function CallbackPage() {
  const { t } = useTranslation('common');
  const search = useSearch();
  const [, navigate] = useLocation();
  const reason = new URLSearchParams(search).get('error');
  const [failed, setFailed] = useState(reason);

  useEffect(() => {
    if (reason) return;
    void initAuth().then(
      () => {
        const stored = takePostLoginPath() ?? nextFromSearch(search);
        // /login sends a signed-in user on to `next`, and it shows the failure when the cookie was refused.
        navigate(`/login?next=${encodeURIComponent(stored)}`, { replace: true });
      },
      () => setFailed('session'),
    );
  }, [reason, search, navigate]);

  if (!failed) return <AuthLayout title={t('auth.signingIn')}>{null}</AuthLayout>;
  return (
    <AuthLayout title={t('auth.signInTitle')}>
      <p className="field__error" role="alert">
        {t('auth.providerFailed', { reason: failed })}
      </p>
      <Link href="/login" className="btn btn--primary btn--block">
        {t('auth.backToSignIn')}
      </Link>
    </AuthLayout>
  );
}

import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useSearch } from 'wouter';
import { LoadingScreen } from '../../../ui/LoadingScreen';
import { authApi } from '../auth.api';
import { nextFromSearch, startOidc } from '../auth.paths';

/**
 * /redirect?next=…: hands over to the identity provider, remembering where to come back to. When
 * this server has no OIDC sign-in, the app's error page says so and offers a way back.
 */
export default function RedirectPage() {
  const { t } = useTranslation('common');
  const search = useSearch();
  const [, navigate] = useLocation();
  useEffect(() => {
    let live = true;
    void authApi
      .config()
      .catch(() => null)
      .then((config) => {
        if (!live) return;
        // Unknown (offline): try anyway; the server sends a browser to the error page when OIDC is off.
        if (config && !config.oidcEnabled) navigate('/error?reason=oidc-off', { replace: true });
        else startOidc(nextFromSearch(search));
      });
    return () => {
      live = false;
    };
  }, [search, navigate]);
  return <LoadingScreen label={t('auth.redirecting')} />;
}

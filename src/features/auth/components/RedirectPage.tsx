import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearch } from 'wouter';
import { LoadingScreen } from '../../../ui/LoadingScreen';
import { nextFromSearch, startOidc } from '../auth.paths';

/** /redirect?next=…: hands over to the identity provider, remembering where to come back to. */
export default function RedirectPage() {
  const { t } = useTranslation('common');
  const search = useSearch();
  useEffect(() => {
    startOidc(nextFromSearch(search));
  }, [search]);
  return <LoadingScreen label={t('auth.redirecting')} />;
}

import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { Link } from 'wouter';
import { space } from '../../../ui/space';

/** A collection that was deleted, belongs to another space or is not shared with the user. */
export function MissingCollection() {
  const { t } = useTranslation('navbar');
  const { orgCode } = useSnapshot(space);
  return (
    <div className="empty-state" role="alert">
      <p className="empty-state__title">{t('collections.missing')}</p>
      <p>{t('collections.missingHint')}</p>
      <Link href={`/${orgCode}/collections`} className="btn btn--primary">
        {t('collections.backToList')}
      </Link>
    </div>
  );
}

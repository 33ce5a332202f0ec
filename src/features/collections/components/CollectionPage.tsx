import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { Link, useParams } from 'wouter';
import type { TCollection } from '../../../shared/contract/collections';
import { Skeleton } from '../../../ui/Skeleton';
import { space } from '../../../ui/space';
import { collections, loadCollection } from '../collections.store';
import { Avatars } from './Avatars';
import { CollectionMenu } from './CollectionMenu';
import { FlowList } from './FlowList';
import { MissingCollection } from './MissingCollection';
import '../collections.css';
import '../collection-page.css';

/** /{orgCode}/collections/projects/{projectId}: the collection's header and its flows. */
export default function CollectionPage() {
  const { t } = useTranslation('navbar');
  const { projectId = '' } = useParams<{ projectId: string }>();
  const { orgId, orgCode } = useSnapshot(space);
  const snap = useSnapshot(collections);

  useEffect(() => {
    if (orgId) void loadCollection(projectId);
  }, [projectId, orgId]);

  const c = snap.current?._id === projectId ? (snap.current as TCollection) : null;
  if (!c && snap.currentMissing) return <MissingCollection />;
  const base = `/${orgCode}/collections`;
  return (
    <section className="page collection-page" aria-labelledby="collection-title">
      <nav className="crumbs" aria-label={t('collections.breadcrumb')}>
        <Link href={base}>{t('collections.title')}</Link>
        <span aria-hidden="true">›</span>
        <span aria-current="page">{c?.name ?? '…'}</span>
      </nav>
      <header className="page__header collection-header">
        <div className="collection-header__text">
          <h1 id="collection-title">{c ? c.name : <Skeleton width={240} height={32} />}</h1>
          {c ? (
            <p className="page__lead">{c.description || t('collections.noDescription')}</p>
          ) : (
            <Skeleton width="60%" />
          )}
          {c && (
            <p className="collection-header__meta">
              <span>{t('collections.flowsCount', { count: c.flowsCount })}</span>
              <Avatars people={c.collaborators} label={t('collections.collaboratorsLabel')} max={6} />
            </p>
          )}
        </div>
        {c && (
          <div className="collection-header__actions">
            <Link href={`${base}/projects/${c._id}/setting`} className="btn btn--secondary">
              {t('collections.settings')}
            </Link>
            <CollectionMenu collection={c} />
          </div>
        )}
      </header>
      <FlowList projectId={projectId} heading={<h2 className="flow-toolbar__title">{t('flows.title')}</h2>} />
    </section>
  );
}

import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { Link, useParams } from 'wouter';
import type { TCollection } from '../../../shared/contract/collections';
import { SkeletonRows } from '../../../ui/Skeleton';
import { space } from '../../../ui/space';
import { collections, loadCollection } from '../collections.store';
import { CollectionDetailsForm } from './CollectionDetailsForm';
import { MembersPanel } from './MembersPanel';
import { MissingCollection } from './MissingCollection';
import '../collection-page.css';
import '../members.css';

/** /{orgCode}/collections/projects/{projectId}/setting: details and members of one collection. */
export default function CollectionSettingsPage() {
  const { t } = useTranslation('navbar');
  const { projectId = '' } = useParams<{ projectId: string }>();
  const { orgId, orgCode } = useSnapshot(space);
  const snap = useSnapshot(collections);

  useEffect(() => {
    if (!orgId) return;
    void loadCollection(projectId);
  }, [projectId, orgId]);

  const c = snap.current?._id === projectId ? (snap.current as TCollection) : null;
  if (!c && snap.currentMissing) return <MissingCollection />;
  const base = `/${orgCode}/collections`;
  // Owners and admins manage; the server enforces it too, this only keeps useless buttons away.
  const manage = c?.role === 'owner' || c?.role === 'admin';
  return (
    <section className="page collection-settings" aria-labelledby="settings-title">
      <nav className="crumbs" aria-label={t('collections.breadcrumb')}>
        <Link href={base}>{t('collections.title')}</Link>
        <span aria-hidden="true">›</span>
        <Link href={`${base}/projects/${projectId}`}>{c?.name ?? '…'}</Link>
        <span aria-hidden="true">›</span>
        <span aria-current="page">{t('collections.settings')}</span>
      </nav>
      <header className="page__header">
        <div>
          <h1 id="settings-title">{t('collections.settingsTitle')}</h1>
          <p className="page__lead">{t('collections.settingsLead')}</p>
        </div>
      </header>
      <div className="settings-grid">
        <div className="card settings-card">
          <h2 className="settings-card__title">{t('collections.details')}</h2>
          {c ? (
            <CollectionDetailsForm key={c._id} collection={c} canEdit={manage} />
          ) : (
            <SkeletonRows count={2} label={t('collections.loading')} />
          )}
        </div>
        <div className="card settings-card">
          <h2 className="settings-card__title">{t('collections.members')}</h2>
          <MembersPanel projectId={projectId} canManage={manage} />
        </div>
      </div>
    </section>
  );
}

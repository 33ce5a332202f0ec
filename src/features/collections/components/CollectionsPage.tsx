import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { useLocation } from 'wouter';
import type { TCollection } from '../../../shared/contract/collections';
import { Button } from '../../../ui/Button';
import { SearchBox } from '../../../ui/SearchBox';
import { SkeletonCards } from '../../../ui/Skeleton';
import { space } from '../../../ui/space';
import { collections, enterSpace, loadCollections, setCollectionKeyword } from '../collections.store';
import { CollectionCard } from './CollectionCard';
import { CollectionDialog } from './CollectionDialog';
import '../collections.css';
import { LoadFailed } from '../../../ui/LoadFailed';

/** /{orgCode}/collections: the collections of the space as cards, with search and "New collection". */
export default function CollectionsPage() {
  const { t } = useTranslation('navbar');
  const snap = useSnapshot(collections);
  const { orgId, orgCode } = useSnapshot(space);
  const [, navigate] = useLocation();
  const [creating, setCreating] = useState(false);

  useEffect(() => enterSpace(orgId), [orgId]);

  const searching = snap.keyword.trim() !== '';
  const list = snap.list as TCollection[];
  return (
    <section className="page collections" aria-labelledby="collections-title">
      <header className="page__header">
        <div>
          <h1 id="collections-title">{t('collections.title')}</h1>
          <p className="page__lead">{t('collections.lead')}</p>
        </div>
        <Button needsConnection onClick={() => setCreating(true)}>
          + {t('collections.new')}
        </Button>
      </header>
      <SearchBox
        label={t('collections.search')}
        clearLabel={t('common:actions.clear')}
        value={snap.keyword}
        onChange={setCollectionKeyword}
      />
      {snap.loading && list.length === 0 ? (
        <SkeletonCards count={6} label={t('collections.loading')} />
      ) : snap.failed ? (
        <LoadFailed
          message={t('collections.failed')}
          retryLabel={t('collections.retry')}
          onRetry={() => loadCollections()}
        />
      ) : list.length === 0 ? (
        <div className="empty-state">
          <p className="empty-state__title">
            {searching ? t('collections.noMatch') : t('collections.empty')}
          </p>
          {!searching && (
            <>
              <p>{t('collections.emptyHint')}</p>
              <Button needsConnection onClick={() => setCreating(true)}>
                {t('collections.createFirst')}
              </Button>
            </>
          )}
        </div>
      ) : (
        <ul
          className={`card-grid collection-grid${snap.loading ? ' is-refreshing' : ''}`}
          aria-busy={snap.loading}
        >
          {list.map((c) => (
            <li key={c._id}>
              <CollectionCard collection={c} href={`/${orgCode}/collections/projects/${c._id}`} />
            </li>
          ))}
        </ul>
      )}
      {creating && (
        <CollectionDialog
          onClose={() => setCreating(false)}
          onSaved={(c) => navigate(`/${orgCode}/collections/projects/${c._id}`)}
        />
      )}
    </section>
  );
}

import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { Link, useLocation, useParams } from 'wouter';
import { SkeletonRows } from '../../../ui/Skeleton';
import { space } from '../../../ui/space';
import { collections, showAllCollections } from '../collections.store';
import { FlowList } from './FlowList';
import '../library.css';

/**
 * /{orgCode}/library, …/library/projects/{projectId} and …/library/no-project: collections on the
 * left, the flows of the chosen one on the right. Phones show one pane at a time (CSS).
 */
export default function LibraryPage() {
  const { t } = useTranslation('navbar');
  const { projectId } = useParams<{ projectId?: string }>();
  const [location, navigate] = useLocation();
  const { orgId, orgCode } = useSnapshot(space);
  const snap = useSnapshot(collections);
  // undefined: nothing chosen yet; null: No Project.
  const selected = projectId ?? (location.endsWith('/no-project') ? null : undefined);
  const base = `/${orgCode}/library`;

  useEffect(() => showAllCollections(orgId), [orgId]);

  useEffect(() => {
    if (selected !== undefined || snap.loading) return;
    // Side by side, an empty right pane is a wasted tap: open the first collection. Phones keep the list.
    if (!window.matchMedia?.('(min-width: 768px)').matches) return;
    const first = collections.list[0];
    navigate(first ? `${base}/projects/${first._id}` : `${base}/no-project`, { replace: true });
  }, [selected, snap.loading, base, navigate]);

  const chosen = selected ? snap.list.find((c) => c._id === selected) : undefined;
  const title = selected === null ? t('flows.noProject') : (chosen?.name ?? '');
  const link = (href: string, label: string, count: number | null, current: boolean) => (
    <li key={href}>
      <Link href={href} className="library__item" aria-current={current ? 'page' : undefined}>
        <span className="library__name">{label}</span>
        {count !== null && <span className="library__count">{count}</span>}
      </Link>
    </li>
  );

  return (
    <section
      className={`page library library--${selected === undefined ? 'list' : 'detail'}`}
      aria-labelledby="library-title"
    >
      <aside className="library__side card" aria-label={t('collections.library.collections')}>
        <h1 id="library-title" className="library__title">
          {t('collections.library.title')}
        </h1>
        <ul className="library__list">
          {link(`${base}/no-project`, t('flows.noProject'), null, selected === null)}
          {snap.list.map((c) => link(`${base}/projects/${c._id}`, c.name, c.flowsCount, c._id === selected))}
        </ul>
        {snap.loading && snap.list.length === 0 && (
          <SkeletonRows count={3} label={t('collections.loading')} />
        )}
        {!snap.loading && snap.list.length === 0 && (
          <p className="library__hint">
            {t('collections.library.noCollections')}{' '}
            <Link href={`/${orgCode}/collections`}>{t('collections.library.createOne')}</Link>
          </p>
        )}
      </aside>
      <div className="library__main">
        {selected === undefined ? (
          <div className="empty-state library__prompt">
            <p className="empty-state__title">{t('collections.library.choose')}</p>
            <p>{t('collections.library.chooseHint')}</p>
          </div>
        ) : (
          <>
            <Link href={base} className="btn btn--ghost library__back">
              ← {t('collections.library.back')}
            </Link>
            <FlowList
              projectId={selected}
              heading={
                <h2 className="flow-toolbar__title">
                  {title}
                  {selected && (
                    <Link href={`/${orgCode}/collections/projects/${selected}`} className="library__open">
                      {t('collections.library.openCollection')}
                    </Link>
                  )}
                </h2>
              }
            />
          </>
        )}
      </div>
    </section>
  );
}

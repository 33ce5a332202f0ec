import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { EXPLORER_SKELETON_CARDS, type TToolSearchItem } from '../../../shared/contract/tools';
import { OnlineLink } from '../../../ui/OnlineLink';
import { SearchBox } from '../../../ui/SearchBox';
import { SkeletonCards } from '../../../ui/Skeleton';
import { space } from '../../../ui/space';
import { tagText } from '../tag-text';
import { explorer, loadTags, resetExplorer, searchNow, setSearchText, setTag } from '../tools.store';
import { ToolCard } from './ToolCard';
import { ToolDialog } from './ToolDialog';

/** /{orgCode}/explore: tags, a keyword search and the grid of tools of the current space. */
export default function ExplorePage() {
  const { t } = useTranslation('navbar');
  const snap = useSnapshot(explorer);
  const { orgId, orgCode } = useSnapshot(space);
  const [open, setOpen] = useState<TToolSearchItem | null>(null);

  // biome-ignore lint/correctness/useExhaustiveDependencies: orgId is the trigger, not an input
  useEffect(() => {
    // A new space has other tools and tags: start again.
    resetExplorer();
    void loadTags();
    void searchNow();
    return resetExplorer;
  }, [orgId]);

  const showSkeleton = snap.loading && snap.tools.length === 0;
  return (
    <section className="page explore" aria-labelledby="explore-title">
      <header className="page__header">
        <div>
          <h1 id="explore-title">{t('explore.title')}</h1>
          <p className="page__lead">{t('explore.lead')}</p>
        </div>
        <OnlineLink href={`/${orgCode}/create-tool${snap.tagId ? `?tag=${snap.tagId}` : ''}`}>
          {t('explore.createTool')}
        </OnlineLink>
      </header>
      <SearchBox
        label={t('explore.search')}
        clearLabel={t('common:actions.clear')}
        value={snap.searchText}
        onChange={setSearchText}
      />
      <div className="chips" role="toolbar" aria-label={t('explore.tags')}>
        <button type="button" className="chip" aria-pressed={snap.tagId === ''} onClick={() => setTag('')}>
          {t('explore.allTags')}
        </button>
        {snap.tags.map((tag) => (
          <button
            key={tag.id}
            type="button"
            className="chip"
            aria-pressed={snap.tagId === tag.id}
            title={tagText(tag, t).description}
            onClick={() => setTag(tag.id)}
          >
            {tagText(tag, t).name}
          </button>
        ))}
      </div>
      <p className="explore__count" aria-live="polite">
        {!snap.loading && !snap.failed && t('explore.count', { found: snap.found, total: snap.total })}
      </p>
      {showSkeleton ? (
        <SkeletonCards count={EXPLORER_SKELETON_CARDS} label={t('explore.loading')} />
      ) : snap.failed ? (
        <div className="empty-state" role="alert">
          <p>{t('explore.failed')}</p>
          <button type="button" className="btn btn--secondary" onClick={() => void searchNow()}>
            {t('explore.retry')}
          </button>
        </div>
      ) : snap.tools.length === 0 ? (
        <div className="empty-state">
          <p className="empty-state__title">
            {snap.searchText || snap.tagId ? t('explore.noMatch') : t('explore.empty')}
          </p>
          <p>{t('explore.emptyHint')}</p>
        </div>
      ) : (
        <ul className={`card-grid tool-grid${snap.loading ? ' is-refreshing' : ''}`} aria-busy={snap.loading}>
          {snap.tools.map((tool) => (
            <li key={tool.id}>
              <ToolCard
                tool={tool as TToolSearchItem}
                tags={snap.tags}
                onOpen={() => setOpen(tool as TToolSearchItem)}
              />
            </li>
          ))}
        </ul>
      )}
      {open && <ToolDialog toolId={open.id} fallback={open} onClose={() => setOpen(null)} />}
    </section>
  );
}

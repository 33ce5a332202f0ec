import { useEffect, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import {
  STATUS_TABS,
  type TAssignmentListItem,
  type TAssignmentSort,
} from '../../../shared/contract/assignments';
import { FLOW_SORT_OPTIONS } from '../../../shared/domain/flow-sort';
import { Button } from '../../../ui/Button';
import { SearchBox } from '../../../ui/SearchBox';
import { SkeletonRows } from '../../../ui/Skeleton';
import { space } from '../../../ui/space';
import {
  assignmentList,
  loadAssignments,
  openAssignmentList,
  seeMore,
  setKeyword,
  setSort,
  setTab,
} from '../assignments.store';
import { reloadListWhenOnline } from '../list-reconnect';
import { AssignmentTable } from './AssignmentTable';
import { EmptyPicture } from './StatusBadge';
import { tabKeys } from './tab-keys';
import '../assignments.css';
import { LoadFailed } from '../../../ui/LoadFailed';
import { OnlineLink } from '../../../ui/OnlineLink';
import { SavedCopyNote } from '../../../ui/SavedCopyNote';

const SORT_KEYS: Record<TAssignmentSort, string> = {
  default: 'sort.default',
  ascending: 'sort.latest',
  descending: 'sort.earliest',
  'A-Z': 'sort.az',
  'Z-A': 'sort.za',
};

/** /{orgCode}/assignment: tabs, search, sort, the table and See More (spec 02 §2). */
export default function AssignmentListPage() {
  const { t } = useTranslation('assignment');
  const snap = useSnapshot(assignmentList);
  const { orgId, orgCode } = useSnapshot(space);
  const sortId = useId();

  useEffect(() => openAssignmentList(orgId), [orgId]);
  useEffect(reloadListWhenOnline, []);

  const items = snap.items as TAssignmentListItem[];
  const filtered = snap.keyword.trim() !== '' || snap.tab !== 'all';
  return (
    <section className="page assignments" aria-labelledby="assignments-title">
      <header className="page__header">
        <h1 id="assignments-title">{t('title')}</h1>
        <OnlineLink href={`/${orgCode}/create-assignment`}>+ {t('create')}</OnlineLink>
      </header>
      <div
        className="status-tabs"
        role="tablist"
        aria-label={t('tabs.label')}
        onKeyDown={tabKeys(STATUS_TABS, snap.tab, setTab)}
      >
        {STATUS_TABS.map((tab) => (
          <button
            key={tab}
            type="button"
            role="tab"
            aria-selected={snap.tab === tab}
            tabIndex={snap.tab === tab ? 0 : -1}
            className="status-tabs__tab"
            onClick={() => setTab(tab)}
          >
            {t(`tabs.${tab}`)}
          </button>
        ))}
      </div>
      <div className="assignments__filters">
        <SearchBox
          label={t('search')}
          clearLabel={t('common:actions.clear')}
          value={snap.keyword}
          onChange={setKeyword}
        />
        <div className="sort-select">
          <label htmlFor={sortId}>{t('sort.label')}</label>
          <select
            id={sortId}
            className="input"
            value={snap.sortBy}
            onChange={(e) => setSort(e.target.value as TAssignmentSort)}
          >
            {FLOW_SORT_OPTIONS.map((o) => (
              <option key={o.value} value={o.value}>
                {t(SORT_KEYS[o.value])}
              </option>
            ))}
          </select>
        </div>
      </div>
      {items.length > 0 && <SavedCopyNote savedAt={snap.savedAt} />}
      {snap.loading && items.length === 0 ? (
        <SkeletonRows count={5} label={t('loading')} />
      ) : snap.failed && items.length === 0 ? (
        <LoadFailed message={t('loadFailed')} retryLabel={t('retry')} onRetry={() => loadAssignments()} />
      ) : items.length === 0 ? (
        <div className="empty-state" data-testid="assignments-empty">
          <EmptyPicture />
          <p className="empty-state__title">{filtered ? t('noMatch') : t('empty')}</p>
          {!filtered && <p>{t('emptyHint')}</p>}
        </div>
      ) : (
        <>
          <AssignmentTable items={items} orgCode={orgCode} busy={snap.loading} />
          {snap.hasMore && (
            <div className="assignments__more">
              <Button variant="secondary" busy={snap.loadingMore} onClick={() => void seeMore()}>
                {t('seeMore')}
              </Button>
            </div>
          )}
        </>
      )}
    </section>
  );
}

import { type ReactNode, useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { useLocation } from 'wouter';
import type { TFlowSummary } from '../../../shared/contract/flows';
import { Button } from '../../../ui/Button';
import { SearchBox } from '../../../ui/SearchBox';
import { SkeletonRows } from '../../../ui/Skeleton';
import { space } from '../../../ui/space';
import {
  createFlow,
  flowList,
  loadFlows,
  openFlowList,
  setFlowKeyword,
  setFlowSort,
} from '../flow-list.store';
import { useFlowActions } from '../use-flow-actions';
import { FlowRow } from './FlowRow';
import { FlowTargetDialog } from './FlowTargetDialog';
import { ImportFlowButton } from './ImportFlowButton';
import { SortSelect } from './SortSelect';
import '../flow-list.css';
import '../flow-table.css';
import { LoadFailed } from '../../../ui/LoadFailed';
import { toastSuccess } from '../../../ui/surfaces';

/** The editor's address; a flow without a collection opens under 'no-project'. */
export const editorPath = (orgCode: string, f: { _id: string; projectId: string | null }) =>
  `/${orgCode}/projects/${f.projectId ?? 'no-project'}/flows/${f._id}`;

/** The flows of one collection (or of No Project): search, sort, new, import, and each row's actions. */
export function FlowList({ projectId, heading }: { projectId: string | null; heading?: ReactNode }) {
  const { t } = useTranslation('navbar');
  const snap = useSnapshot(flowList);
  const { orgCode } = useSnapshot(space);
  const [, navigate] = useLocation();
  const [creating, setCreating] = useState(false);
  const actions = useFlowActions();

  useEffect(() => openFlowList(projectId), [projectId]);

  const newFlow = async () => {
    setCreating(true);
    try {
      const flow = await createFlow();
      // The spec's success toast (03 §8); it stays on screen while the editor opens.
      toastSuccess(t('flows.created'));
      navigate(editorPath(orgCode, flow));
    } catch {
      // The api-client showed why.
    } finally {
      setCreating(false);
    }
  };
  const hrefOf = useCallback((f: TFlowSummary) => editorPath(orgCode, f), [orgCode]);
  const items = snap.projectId === projectId ? (snap.items as TFlowSummary[]) : [];
  const searching = snap.keyword.trim() !== '';

  return (
    <section className="flow-list-panel" aria-label={t('flows.listLabel')}>
      <div className="flow-toolbar">
        {heading}
        <div className="flow-toolbar__actions">
          <ImportFlowButton projectId={projectId} />
          <Button busy={creating} needsConnection onClick={() => void newFlow()}>
            + {t('flows.new')}
          </Button>
        </div>
      </div>
      <div className="flow-toolbar flow-toolbar--filters">
        <SearchBox
          label={t('flows.search')}
          clearLabel={t('common:actions.clear')}
          value={snap.keyword}
          onChange={setFlowKeyword}
        />
        <SortSelect value={snap.sortBy} onChange={setFlowSort} />
      </div>
      {snap.loading && items.length === 0 ? (
        <SkeletonRows count={4} label={t('flows.loading')} />
      ) : snap.failed && items.length === 0 ? (
        <LoadFailed
          message={t('flows.failed')}
          retryLabel={t('collections.retry')}
          onRetry={() => loadFlows()}
        />
      ) : items.length === 0 ? (
        <div className="empty-state">
          <p className="empty-state__title">{searching ? t('flows.noMatch') : t('flows.empty')}</p>
          {!searching && <p>{t('flows.emptyHint')}</p>}
          {!searching && (
            <Button needsConnection onClick={() => void newFlow()}>
              {t('flows.createFirst')}
            </Button>
          )}
        </div>
      ) : (
        <table className={`flow-table${snap.loading ? ' is-refreshing' : ''}`} aria-busy={snap.loading}>
          <caption className="visually-hidden">{t('flows.count', { count: items.length })}</caption>
          <thead>
            <tr>
              <th scope="col">{t('flows.columns.name')}</th>
              <th scope="col">{t('flows.columns.updated')}</th>
              <th scope="col">{t('flows.columns.blocks')}</th>
              <th scope="col">
                <span className="visually-hidden">{t('flows.columns.actions')}</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {items.map((f) => (
              <FlowRow
                key={f._id}
                flow={f}
                href={hrefOf(f)}
                working={actions.working[f._id]}
                onAction={actions.run}
                onRename={actions.rename}
              />
            ))}
          </tbody>
        </table>
      )}
      {actions.target && (
        <FlowTargetDialog
          mode={actions.target.mode}
          flow={actions.target.flow}
          onClose={actions.closeTarget}
          onPick={actions.pickTarget}
        />
      )}
    </section>
  );
}

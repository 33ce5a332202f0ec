import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../../shared/api/http';
import { ASSIGNMENT_SEARCH_DEBOUNCE_MS } from '../../../../shared/contract/assignments';
import type { TFlowSummary } from '../../../../shared/contract/flows';
import { sortByNaturalName } from '../../../../shared/domain/natural-sort';
import { FlowCheckList } from '../../../../ui/FlowCheckList';
import { SearchBox } from '../../../../ui/SearchBox';
import { SkeletonRows } from '../../../../ui/Skeleton';
import { assignmentsApi } from '../../assignments.api';

/**
 * Step 0: tick the flows. All of them come from /api/flows/user?limit=1000; typing searches on the
 * server (/api/flows/search), so descriptions and collection names match as elsewhere.
 */
export function FlowsStep(props: {
  flows: TFlowSummary[] | null;
  selected: string[];
  onToggle: (id: string) => void;
}) {
  const { t } = useTranslation('assignment');
  const [keyword, setKeyword] = useState('');
  const [found, setFound] = useState<TFlowSummary[] | null>(null);

  useEffect(() => {
    const q = keyword.trim();
    if (!q) {
      setFound(null);
      return;
    }
    const ctrl = new AbortController();
    const timer = setTimeout(() => {
      assignmentsApi.searchFlows(q, ctrl.signal).then(
        (res) => setFound(res.flows),
        (err) => {
          if (err instanceof ApiError && err.kind === 'cancelled') return;
          // Offline or failed: filter what is already here.
          const lower = q.toLowerCase();
          setFound((props.flows ?? []).filter((f) => f.name.toLowerCase().includes(lower)));
        },
      );
    }, ASSIGNMENT_SEARCH_DEBOUNCE_MS);
    return () => {
      clearTimeout(timer);
      ctrl.abort();
    };
  }, [keyword, props.flows]);

  const shown = useMemo(
    () => sortByNaturalName(found ?? props.flows ?? [], (f) => f.name),
    [found, props.flows],
  );
  if (!props.flows) return <SkeletonRows count={5} label={t('wizard.loadingFlows')} />;
  if (props.flows.length === 0)
    return (
      <div className="empty-state">
        <p className="empty-state__title">{t('wizard.noFlows')}</p>
        <p>{t('wizard.noFlowsHint')}</p>
      </div>
    );
  return (
    <div className="flow-picker">
      <SearchBox
        label={t('wizard.searchFlows')}
        clearLabel={t('common:actions.clear')}
        value={keyword}
        onChange={setKeyword}
      />
      <p className="flow-picker__count" aria-live="polite">
        {t('wizard.selected', { count: props.selected.length })}
      </p>
      {shown.length === 0 ? (
        <p className="muted">{t('wizard.noFlowMatch')}</p>
      ) : (
        <FlowCheckList
          flows={shown}
          selected={props.selected}
          onToggle={props.onToggle}
          noDescription={t('wizard.noDescription')}
          noCollection={t('navbar:flows.noProject')}
        />
      )}
    </div>
  );
}

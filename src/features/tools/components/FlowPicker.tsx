import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TFlowSummary } from '../../../shared/contract/flows';
import { sortByNaturalName } from '../../../shared/domain/natural-sort';
import { FlowCheckList } from '../../../ui/FlowCheckList';
import { SearchBox } from '../../../ui/SearchBox';
import { SkeletonRows } from '../../../ui/Skeleton';

/** Step 0 of the wizard: tick the flows the tool bundles. */
export function FlowPicker(props: {
  flows: TFlowSummary[] | null;
  selected: string[];
  onToggle: (id: string) => void;
}) {
  const { t } = useTranslation('navbar');
  const [filter, setFilter] = useState('');
  const shown = useMemo(() => {
    const all = sortByNaturalName(props.flows ?? [], (f) => f.name);
    const q = filter.trim().toLowerCase();
    return q
      ? all.filter((f) => f.name.toLowerCase().includes(q) || f.description.toLowerCase().includes(q))
      : all;
  }, [props.flows, filter]);
  if (!props.flows) return <SkeletonRows count={5} label={t('createTool.loadingFlows')} />;
  if (props.flows.length === 0) {
    return (
      <div className="empty-state">
        <p className="empty-state__title">{t('createTool.noFlows')}</p>
        <p>{t('createTool.noFlowsHint')}</p>
      </div>
    );
  }
  return (
    <div className="flow-picker">
      <SearchBox
        label={t('createTool.searchFlows')}
        clearLabel={t('common:actions.clear')}
        value={filter}
        onChange={setFilter}
      />
      <p className="flow-picker__count" aria-live="polite">
        {t('createTool.selected', { count: props.selected.length })}
      </p>
      <FlowCheckList
        flows={shown}
        selected={props.selected}
        onToggle={props.onToggle}
        noDescription={t('explore.noDescription')}
        noCollection={t('flows.noProject')}
      />
    </div>
  );
}

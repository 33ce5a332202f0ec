import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { FLOW_SORT_OPTIONS, type TFlowSort } from '../../../shared/domain/flow-sort';

/** The sort dropdown of the flow lists, in the order of FLOW_SORT_OPTIONS (spec 01 §4). */
export function SortSelect({ value, onChange }: { value: TFlowSort; onChange: (v: TFlowSort) => void }) {
  const { t } = useTranslation('navbar');
  const id = useId();
  const labels: Record<TFlowSort, string> = {
    default: t('flows.sort.default'),
    ascending: t('flows.sort.latest'),
    descending: t('flows.sort.earliest'),
    'A-Z': t('flows.sort.az'),
    'Z-A': t('flows.sort.za'),
  };
  return (
    <div className="sort-select">
      <label htmlFor={id}>{t('flows.sort.label')}</label>
      <select id={id} className="input" value={value} onChange={(e) => onChange(e.target.value as TFlowSort)}>
        {FLOW_SORT_OPTIONS.map((o) => (
          <option key={o.value} value={o.value}>
            {labels[o.value]}
          </option>
        ))}
      </select>
    </div>
  );
}

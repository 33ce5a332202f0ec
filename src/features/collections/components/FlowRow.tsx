import { memo, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import type { TFlowSummary } from '../../../shared/contract/flows';
import { formatDateTime } from '../../../shared/domain/dates';
import { Menu } from '../../../ui/Menu';
import { RenameField } from './RenameField';

export type FlowAction = 'duplicate' | 'move' | 'copy' | 'export' | 'delete';

/**
 * One flow: a table row on tablets, a card on phones (CSS). The name opens the editor; the menu holds
 * the file actions. `working` names the action in progress, shown in place of the date.
 */
export const FlowRow = memo(function FlowRow(props: {
  flow: TFlowSummary;
  href: string;
  working?: FlowAction | 'rename';
  onAction: (action: FlowAction, flow: TFlowSummary) => void;
  onRename: (flow: TFlowSummary, name: string) => Promise<boolean>;
}) {
  const { t } = useTranslation('navbar');
  const { flow, working } = props;
  const [renaming, setRenaming] = useState(false);
  const row = useRef<HTMLTableRowElement>(null);
  const wasRenaming = useRef(false);
  useEffect(() => {
    // Keyboard users land back on the flow they renamed, not at the top of the page.
    if (wasRenaming.current && !renaming) row.current?.querySelector<HTMLElement>('.flow-row__link')?.focus();
    wasRenaming.current = renaming;
  }, [renaming]);
  const act = (action: FlowAction) => () => props.onAction(action, flow);
  const progress: Partial<Record<FlowAction | 'rename', string>> = {
    export: t('flows.exporting'),
    duplicate: t('flows.duplicating'),
    delete: t('flows.deleting'),
  };
  return (
    <tr ref={row} className="flow-row" data-testid="flow-row" aria-busy={working ? true : undefined}>
      <td className="flow-row__name">
        {renaming ? (
          <RenameField
            initial={flow.name}
            label={t('flows.renameLabel', { name: flow.name })}
            onCancel={() => setRenaming(false)}
            onSave={async (name) => {
              if (await props.onRename(flow, name)) setRenaming(false);
            }}
          />
        ) : (
          <Link href={props.href} className="flow-row__link">
            <span className="flow-row__icon" aria-hidden="true">
              ◇
            </span>
            <span className="flow-row__title">{flow.name}</span>
          </Link>
        )}
      </td>
      <td className="flow-row__updated">
        {working && progress[working] ? (
          <span className="flow-row__progress" role="status">
            <span className="spinner" aria-hidden="true" /> {progress[working]}
          </span>
        ) : (
          <>
            <span className="flow-row__label">{t('flows.columns.updated')}: </span>
            {formatDateTime(flow.updatedAt)}
          </>
        )}
      </td>
      <td className="flow-row__blocks">{t('flows.blocks', { count: flow.nodesCount })}</td>
      <td className="flow-row__actions">
        <div className="more-menu">
          <Menu
            label={t('flows.actionsFor', { name: flow.name })}
            trigger={<span aria-hidden="true">⋯</span>}
            items={[
              { key: 'rename', label: t('flows.rename'), onSelect: () => setRenaming(true) },
              { key: 'duplicate', label: t('flows.duplicate'), onSelect: act('duplicate') },
              { key: 'move', label: t('flows.moveTo'), onSelect: act('move') },
              { key: 'copy', label: t('flows.copyTo'), onSelect: act('copy') },
              { key: 'export', label: t('flows.export'), onSelect: act('export') },
              { key: 'sep', separator: true },
              { key: 'delete', label: t('flows.delete'), onSelect: act('delete') },
            ]}
          />
        </div>
      </td>
    </tr>
  );
});

import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import type { TTool, TToolSearchItem } from '../../../shared/contract/tools';
import { Button } from '../../../ui/Button';
import { Dialog } from '../../../ui/Dialog';
import { SkeletonRows } from '../../../ui/Skeleton';
import { space } from '../../../ui/space';
import { toolsApi } from '../tools.api';

/** Opening a tool shows its flows (fetched fresh: the search result may be stale). */
export function ToolDialog({
  toolId,
  fallback,
  onClose,
}: {
  toolId: string;
  fallback: TToolSearchItem;
  onClose: () => void;
}) {
  const { t } = useTranslation('navbar');
  const [tool, setTool] = useState<TTool | TToolSearchItem | null>(null);
  useEffect(() => {
    toolsApi.get(toolId).then(
      (r) => setTool(r.data),
      () => setTool(fallback),
    );
  }, [toolId, fallback]);
  const shown = tool ?? fallback;
  return (
    <Dialog
      title={shown.name}
      onClose={onClose}
      wide
      footer={<Button onClick={onClose}>{t('common:actions.close')}</Button>}
    >
      {shown.description && <p>{shown.description}</p>}
      <h3 className="dialog__section">{t('explore.flowsTitle')}</h3>
      {!tool ? (
        <SkeletonRows count={3} label={t('explore.loading')} />
      ) : tool.flows.length === 0 ? (
        <p>{t('explore.noFlows')}</p>
      ) : (
        <ul className="flow-list">
          {tool.flows.map((f) => (
            <li key={f._id} className="flow-list__item">
              {f.projectId ? (
                <Link href={`/${space.orgCode}/projects/${f.projectId}/flows/${f._id}`}>{f.name}</Link>
              ) : (
                <span>{f.name}</span>
              )}
              {f.description && <span className="flow-list__description">{f.description}</span>}
            </li>
          ))}
        </ul>
      )}
    </Dialog>
  );
}

import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { useLocation } from 'wouter';
import { flowEditorPath } from '../../features/canvas';
import { orgs } from '../../features/orgs';
import type { TOutboxSummary } from '../../shared/outbox/protocol';
import { Button } from '../../ui/Button';
import { Dialog } from '../../ui/Dialog';
import { discardOutboxItem, outboxState } from '../../ui/outbox-state';
import { PERSONAL, space } from '../../ui/space';
import { confirmDialog } from '../../ui/surfaces';

type TCurrent = { name?: string; projectId?: string | null } | null;

/**
 * The list of changes waiting on this device: what each is, whether the server refused it, and the
 * two ways out (open the flow to decide there, or drop the change). Nothing refused leaves silently.
 */
export function OutboxPanel({ onClose }: { onClose: () => void }) {
  const { t, i18n } = useTranslation('common');
  const box = useSnapshot(outboxState);
  const [, navigate] = useLocation();

  const currentOf = (item: TOutboxSummary) => (outboxState.conflicts[item.id]?.current ?? null) as TCurrent;
  const nameOf = (item: TOutboxSummary) => item.label || currentOf(item)?.name || t('pwa.untitled');
  const statusOf = (item: TOutboxSummary) => {
    if (!item.failed) return t('pwa.status.waiting');
    if (item.failed.status === 409) return t('pwa.status.conflict');
    const message = (item.failed.body as { message?: unknown } | null)?.message;
    return t('pwa.status.refused', {
      reason: typeof message === 'string' ? message : `HTTP ${item.failed.status}`,
    });
  };
  const open = (item: TOutboxSummary) => {
    if (!item.flowId) return;
    const org = item.orgId ? orgs.list.find((o) => o.orgId === item.orgId || o._id === item.orgId) : null;
    const orgCode = item.orgId ? (org?.orgCode ?? space.orgCode) : PERSONAL;
    onClose();
    navigate(flowEditorPath(orgCode, currentOf(item)?.projectId ?? null, item.flowId));
  };
  const drop = async (item: TOutboxSummary) => {
    const ok = await confirmDialog({
      title: t('pwa.discardTitle'),
      message: t('pwa.discardMessage', { name: nameOf(item) }),
      confirmLabel: t('pwa.discard'),
      cancelLabel: t('actions.cancel'),
      danger: true,
    });
    if (ok) discardOutboxItem(item.id);
  };

  return (
    <Dialog
      title={t('pwa.panelTitle')}
      onClose={onClose}
      wide
      footer={
        <Button variant="secondary" onClick={onClose}>
          {t('actions.close')}
        </Button>
      }
    >
      {box.items.length === 0 ? (
        <p>{t('pwa.panelEmpty')}</p>
      ) : (
        <ul className="outbox-list" data-testid="outbox-list">
          {box.items.map((item) => (
            <li
              key={item.id}
              className="outbox-list__item"
              data-failed={item.failed ? item.failed.status : undefined}
            >
              <div className="outbox-list__text">
                <strong>{nameOf(item)}</strong>
                <span className="outbox-list__meta">
                  {item.flowId ?? item.key} · {new Date(item.updatedAt).toLocaleString(i18n.language)}
                </span>
                <span className="outbox-list__status" data-testid="outbox-status">
                  {statusOf(item)}
                </span>
              </div>
              <div className="outbox-list__actions">
                {item.flowId && (
                  <Button size="sm" variant="secondary" onClick={() => open(item)}>
                    {t('pwa.open')}
                  </Button>
                )}
                <Button size="sm" variant="danger" onClick={() => void drop(item)}>
                  {t('pwa.discard')}
                </Button>
              </div>
            </li>
          ))}
        </ul>
      )}
    </Dialog>
  );
}

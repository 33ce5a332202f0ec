import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TFlowSummary } from '../../shared/contract/flows';
import { confirmDialog, toastError, toastSuccess } from '../../ui/surfaces';
import type { FlowAction } from './components/FlowRow';
import type { TargetMode } from './components/FlowTargetDialog';
import { exportFlow } from './flow-files';
import { copyFlow, deleteFlow, duplicateFlow, moveFlow, renameFlow } from './flow-list.store';

type Working = Record<string, FlowAction | 'rename'>;

/** What the rows of a flow list do, with the toasts of spec 01 §8; stable callbacks for memoised rows. */
export function useFlowActions() {
  const { t } = useTranslation('navbar');
  const [working, setWorking] = useState<Working>({});
  const [target, setTarget] = useState<{ mode: TargetMode; flow: TFlowSummary } | null>(null);

  const busy = useCallback(async (id: string, action: FlowAction, job: () => Promise<void>) => {
    setWorking((w) => ({ ...w, [id]: action }));
    try {
      await job();
    } catch {
      // The api-client already showed the server's reason.
    } finally {
      setWorking(({ [id]: _done, ...rest }) => rest);
    }
  }, []);

  const run = useCallback(
    (action: FlowAction, flow: TFlowSummary) => {
      if (action === 'move' || action === 'copy') return setTarget({ mode: action, flow });
      if (action === 'duplicate') {
        void busy(flow._id, action, async () => {
          await duplicateFlow(flow._id);
          toastSuccess(t('flows.toast.duplicated'));
        });
      } else if (action === 'export') {
        void busy(flow._id, action, async () => {
          await exportFlow(flow);
          toastSuccess(t('flows.toast.exported', { name: flow.name }));
        });
      } else if (action === 'delete') {
        void (async () => {
          const ok = await confirmDialog({
            title: t('flows.deleteTitle'),
            message: t('flows.deleteMessage', { name: flow.name }),
            confirmLabel: t('common:actions.delete'),
            danger: true,
          });
          if (!ok) return;
          await busy(flow._id, action, async () => {
            await deleteFlow(flow._id);
            toastSuccess(t('flows.toast.deleted'));
          });
        })();
      }
    },
    [busy, t],
  );

  /** Resolves true when the field may close (saved, or someone else's name won). */
  const rename = useCallback(
    async (flow: TFlowSummary, name: string): Promise<boolean> => {
      const result = await renameFlow(flow._id, name);
      if (result.kind === 'conflict') toastError(t('flows.renameConflict', { name: result.name }));
      if (result.kind !== 'failed') return true;
      if (result.message) toastError(result.message);
      return false;
    },
    [t],
  );

  const pickTarget = useCallback(
    async (dest: { id: string | null; name: string }) => {
      if (!target) return;
      if (target.mode === 'move') {
        await moveFlow(target.flow._id, dest.id);
        toastSuccess(t('flows.toast.moved', { project: dest.name }));
      } else {
        await copyFlow(target.flow._id, dest.id);
        toastSuccess(t('flows.toast.copied', { project: dest.name }));
      }
    },
    [target, t],
  );

  const closeTarget = useCallback(() => setTarget(null), []);
  return { working, run, rename, target, pickTarget, closeTarget };
}

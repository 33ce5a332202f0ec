import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { Button } from '../../../ui/Button';
import { outboxState } from '../../../ui/outbox-state';
import { editor } from '../store/canvas.store';
import { deviceWriteProblem, deviceWrites } from '../store/persistence';
import { useFlowExport } from './useFlowExport';

/**
 * The device refused to keep the flow (full storage, or IndexedDB failing): the changes are only in
 * this tab until the server has them, so the way out (export the flow) is right here. It stays
 * until a write is kept again; it cannot be dismissed while closing the tab would lose work.
 */
function StorageNotice() {
  const { t } = useTranslation();
  const problem = deviceWriteProblem(useSnapshot(deviceWrites));
  const { storageFull } = useSnapshot(outboxState);
  const exportFlow = useFlowExport();
  if (!problem) return null;
  // The worker's outbox refusing a write is also a full disk, whatever IndexedDB said here.
  const quota = problem === 'quota' || storageFull;
  return (
    <div className="flow-notice flow-notice--error" role="alert" data-testid="storage-notice">
      <span>{t(quota ? 'canvas.storageFull' : 'canvas.storageFailed')}</span>
      <Button variant="secondary" size="sm" onClick={exportFlow}>
        {t('canvas.exportNow')}
      </Button>
    </div>
  );
}

/** Messages that need reading, under the top bar: a refused save, or a draft restored from this device. */
export function NoticeBar() {
  const { t } = useTranslation();
  const { refusal, restoredDraft } = useSnapshot(editor);
  let notice: ReactNode = null;
  if (refusal) {
    notice = (
      <div className="flow-notice flow-notice--error" role="alert" data-testid="save-refused">
        <strong>{t('canvas.refused')}</strong> {refusal}
      </div>
    );
  } else if (restoredDraft) {
    notice = (
      <div className="flow-notice" role="status">
        {t('canvas.restoredDraft')}
        <button
          type="button"
          className="icon-btn"
          aria-label={t('canvas.dismiss')}
          onClick={() => {
            editor.restoredDraft = false;
          }}
        >
          ×
        </button>
      </div>
    );
  }
  return (
    <>
      <StorageNotice />
      {notice}
    </>
  );
}

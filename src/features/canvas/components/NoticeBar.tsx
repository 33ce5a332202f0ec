import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { editor } from '../store/canvas.store';

/** Messages that need reading, under the top bar: a refused save, or a draft restored from this device. */
export function NoticeBar() {
  const { t } = useTranslation();
  const { refusal, restoredDraft } = useSnapshot(editor);
  if (refusal) {
    return (
      <div className="flow-notice flow-notice--error" role="alert" data-testid="save-refused">
        <strong>{t('canvas.refused')}</strong> {refusal}
      </div>
    );
  }
  if (!restoredDraft) return null;
  return (
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

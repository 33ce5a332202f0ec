import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { Button } from './Button';
import { Dialog } from './Dialog';
import { closePopup, hideToast, type PopupReason, popupActionKey, settleDialog, surfaces } from './surfaces';

/** Renders the one toast, the one popup and any open confirm/alert dialogs. */
export function SurfacesHost({ onPopupAction }: { onPopupAction: (reason: PopupReason) => void }) {
  const snap = useSnapshot(surfaces);
  const { t } = useTranslation('common');
  const toast = snap.toast;
  const popup = snap.popup;
  return (
    <>
      <div className="toast-region" aria-live="polite" aria-atomic="true">
        {toast && (
          <div
            className={`toast toast--${toast.type.toLowerCase()}`}
            role={toast.type === 'Error' ? 'alert' : 'status'}
            key={toast.id}
          >
            <div className="toast__text">
              {toast.title && <strong className="toast__title">{toast.title}</strong>}
              <span>{toast.message}</span>
            </div>
            <button
              type="button"
              className="toast__close"
              aria-label={t('actions.close')}
              onClick={hideToast}
            >
              ×
            </button>
          </div>
        )}
      </div>
      {popup && (
        <Dialog
          alert
          title={popup.title}
          onClose={closePopup}
          footer={
            <Button
              data-autofocus
              onClick={() => {
                closePopup();
                onPopupAction(popup.reason);
              }}
            >
              {t(popupActionKey(popup.reason))}
            </Button>
          }
        >
          <p>{popup.message}</p>
          {popup.lines?.map((line) => (
            <p key={line}>{line}</p>
          ))}
        </Dialog>
      )}
      {snap.dialogs.map((d) => (
        <Dialog
          key={d.id}
          alert
          title={d.title}
          onClose={() => settleDialog(d.id, false)}
          footer={
            <>
              {d.kind === 'confirm' && (
                <Button variant="secondary" onClick={() => settleDialog(d.id, false)}>
                  {d.cancelLabel ?? t('actions.cancel')}
                </Button>
              )}
              <Button
                variant={d.danger ? 'danger' : 'primary'}
                data-autofocus
                onClick={() => settleDialog(d.id, true)}
              >
                {d.confirmLabel ?? t(d.kind === 'confirm' ? 'actions.confirm' : 'actions.ok')}
              </Button>
            </>
          }
        >
          <p>{d.message}</p>
        </Dialog>
      ))}
    </>
  );
}

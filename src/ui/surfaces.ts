import { proxy } from 'valtio';

/**
 * Global surfaces: one toast, one popup and a stack of confirm/alert dialogs.
 * Module-level actions so any feature (or the api-client) can raise them without props.
 */
export type ToastType = 'Success' | 'Error' | 'Info';

/** Durations of spec 01 §9 and spec 02/03 §9. */
export const TOAST_MS = { generic: 1_000_000, utility: 3000, standard: 2000, brief: 800 } as const;

export interface Toast {
  id: number;
  type: ToastType;
  title?: string;
  message: string;
  durationMs: number;
}

/** Why an error popup shows; it decides the button (spec 01 §4). */
export type PopupReason = 'crash' | 'unauthorised' | 'other';

export interface Popup {
  id: number;
  title: string;
  message: string;
  reason: PopupReason;
  /** Extra lines under the message (e.g. the monthly-limit dialog). */
  lines?: string[];
}

export interface DialogRequest {
  id: number;
  kind: 'confirm' | 'alert';
  title: string;
  message: string;
  confirmLabel?: string;
  cancelLabel?: string;
  danger?: boolean;
  resolve: (ok: boolean) => void;
}

export const surfaces = proxy({
  toast: null as Toast | null,
  popup: null as Popup | null,
  dialogs: [] as DialogRequest[],
});

let seq = 0;
let toastTimer: ReturnType<typeof setTimeout> | undefined;

/** Shows a toast, replacing any visible one (only one toast at a time). */
export function showToast(t: Omit<Toast, 'id' | 'durationMs'> & { durationMs?: number }): void {
  const toast: Toast = { id: ++seq, durationMs: TOAST_MS.standard, ...t };
  surfaces.toast = toast;
  clearTimeout(toastTimer);
  toastTimer = setTimeout(() => {
    if (surfaces.toast?.id === toast.id) surfaces.toast = null;
  }, toast.durationMs);
}

export function hideToast(): void {
  clearTimeout(toastTimer);
  surfaces.toast = null;
}

export const toastSuccess = (message: string, title?: string) =>
  showToast({ type: 'Success', message, title });
export const toastError = (message: string, title?: string, durationMs?: number) =>
  showToast({ type: 'Error', message, title, durationMs });

export function showPopup(p: Omit<Popup, 'id' | 'reason'> & { reason?: PopupReason }): void {
  surfaces.popup = { id: ++seq, reason: 'other', ...p };
}

export function closePopup(): void {
  surfaces.popup = null;
}

/** The popup's button label rule of spec 01 §4: Reload if crashed, Sign In if unauthorised, else Close. */
export function popupActionKey(reason: PopupReason): 'actions.reload' | 'actions.signIn' | 'actions.close' {
  if (reason === 'crash') return 'actions.reload';
  if (reason === 'unauthorised') return 'actions.signIn';
  return 'actions.close';
}

function openDialog(d: Omit<DialogRequest, 'id' | 'resolve'>): Promise<boolean> {
  return new Promise((resolve) => {
    const id = ++seq;
    surfaces.dialogs.push({ ...d, id, resolve });
  });
}

export function settleDialog(id: number, ok: boolean): void {
  const i = surfaces.dialogs.findIndex((d) => d.id === id);
  if (i < 0) return;
  const [d] = surfaces.dialogs.splice(i, 1);
  d.resolve(ok);
}

export const confirmDialog = (d: Omit<DialogRequest, 'id' | 'resolve' | 'kind'>) =>
  openDialog({ ...d, kind: 'confirm' });
export const alertDialog = (d: Omit<DialogRequest, 'id' | 'resolve' | 'kind'>) =>
  openDialog({ ...d, kind: 'alert' }).then(() => undefined);

import type { TSaveState } from './canvas.types';

export type TSaveInputs = {
  saving: boolean;
  pending: number;
  networkFailed: boolean;
  online: boolean;
  refusal: string | null;
  conflict: unknown;
  /** This device refused to keep the draft (full storage): changes live only in this tab. */
  deviceRefused?: boolean;
};

/**
 * The visible save state (spec 01 §6). While a change waits for its debounced save it already
 * reads "Saving…": it is in IndexedDB and on its way, and a flickering third label would only
 * distract. "Saved on this device" means the server could not be reached although the browser
 * thinks it is online; when the browser is offline the count of waiting changes shows instead.
 * "Only in this tab" means neither the server nor this device has the changes: closing the tab
 * would lose them, so it outranks every state that would suggest they are kept.
 */
export function saveStateOf(s: TSaveInputs): TSaveState {
  if (s.conflict) return 'conflict';
  if (s.refusal) return 'refused';
  if (s.saving) return 'saving';
  if (s.pending === 0) return 'saved';
  if (s.deviceRefused) return 'tab';
  if (!s.online) return 'offline';
  if (s.networkFailed) return 'device';
  return 'saving';
}

/** The i18n key of each state, under canvas.saveState; `offline` takes a count. */
export const SAVE_STATE_KEY: Readonly<Record<TSaveState, string>> = {
  saved: 'canvas.saveState.saved',
  saving: 'canvas.saveState.saving',
  device: 'canvas.saveState.device',
  offline: 'canvas.saveState.offline',
  refused: 'canvas.saveState.refused',
  conflict: 'canvas.saveState.conflict',
  tab: 'canvas.saveState.tab',
};

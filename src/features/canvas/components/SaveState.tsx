import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { useOnline } from '../../../ui/connection';
import { SAVE_STATE_KEY, saveStateOf } from '../save-state';
import { editor } from '../store/canvas.store';
import { deviceWriteProblem, deviceWrites } from '../store/persistence';
import { CheckIcon, DeviceIcon, WarningIcon } from './icons';

const ICON = {
  saved: <CheckIcon />,
  saving: <span className="spinner save-state__spinner" />,
  device: <DeviceIcon />,
  offline: <WarningIcon size={14} />,
  refused: <WarningIcon size={14} />,
  conflict: <WarningIcon size={14} />,
  tab: <WarningIcon size={14} />,
} as const;

/**
 * Saved / Saving… / Saved on this device / Offline — N changes waiting (spec 01 §6), and "Only in
 * this tab" when the device refused the draft (the notice under the top bar says why and what to do).
 */
export function SaveState() {
  const { t } = useTranslation();
  const s = useSnapshot(editor);
  const refused = deviceWriteProblem(useSnapshot(deviceWrites));
  // The browser's own flag can say online while the server is out of reach (a school network, or
  // Chromium's offline emulation under a service worker): the app-wide state also hears the worker.
  const reachable = useOnline();
  const state = saveStateOf({ ...s, online: s.online && reachable, deviceRefused: !!refused });
  const label = t(SAVE_STATE_KEY[state], { count: s.pending });
  return (
    <span
      className={`save-state save-state--${state}`}
      role="status"
      data-testid="save-state"
      data-state={state}
      title={state === 'refused' && s.refusal ? s.refusal : label}
    >
      <span className="save-state__icon" aria-hidden="true">
        {ICON[state]}
      </span>
      <span className="save-state__text">{label}</span>
    </span>
  );
}

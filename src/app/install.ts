import { proxy } from 'valtio';

/** The browser's install offer (Chromium's `beforeinstallprompt`), kept for the navbar's button. */
interface InstallPromptEvent extends Event {
  prompt(): Promise<void>;
  userChoice: Promise<{ outcome: 'accepted' | 'dismissed' }>;
}

export const install = proxy({ available: false });
let offer: InstallPromptEvent | null = null;

/** Listens from the start: the offer can come before the navbar is on screen. */
export function watchInstall(): void {
  window.addEventListener('beforeinstallprompt', (event) => {
    // Our button replaces the browser's own mini bar.
    event.preventDefault();
    offer = event as InstallPromptEvent;
    install.available = true;
  });
  window.addEventListener('appinstalled', () => {
    offer = null;
    install.available = false;
  });
}

export async function promptInstall(): Promise<void> {
  const current = offer;
  if (!current) return;
  await current.prompt();
  await current.userChoice;
  // An offer can be used once; the browser makes a new one if the user may still install.
  offer = null;
  install.available = false;
}

import { confirmDialog } from '../ui/surfaces';
import { i18n } from './i18n';

let reloading = false;
function reloadOnce(): void {
  if (reloading) return;
  reloading = true;
  window.location.reload();
}

/**
 * Registers the service worker (production builds only) and offers a reload when a new version waits.
 * A new version never runs against an old shell: it waits until the user chooses "Reload" (the
 * worker skips waiting only then), and every page it takes over from an old worker reloads, this tab
 * and any other tab, which would otherwise ask the new worker for the old build's files.
 */
export function registerServiceWorker(): void {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  // A first visit is taken over by its first worker (clientsClaim): nothing old to leave, no reload.
  // Every later change of worker (an update, accepted in this tab or another) reloads.
  let controlled = !!navigator.serviceWorker.controller;
  navigator.serviceWorker.addEventListener('controllerchange', () => {
    if (controlled) reloadOnce();
    controlled = true;
  });
  void import('workbox-window').then(({ Workbox }) => {
    const wb = new Workbox(`${import.meta.env.BASE_URL}sw.js`, {
      scope: import.meta.env.BASE_URL,
      type: 'module',
    });
    wb.addEventListener('waiting', async () => {
      // A version already waiting when this tab starts is announced at once, before the texts load.
      await i18n.loadNamespaces('common');
      const reload = await confirmDialog({
        title: i18n.t('common:update.title'),
        message: i18n.t('common:update.available'),
        confirmLabel: i18n.t('common:actions.reload'),
        cancelLabel: i18n.t('common:actions.later'),
      });
      if (!reload) return;
      // Reload only once the new worker controls the page, so the new shell never meets old caches.
      wb.addEventListener('controlling', reloadOnce);
      wb.messageSkipWaiting();
    });
    void wb.register();
  });
}

import { confirmDialog } from '../ui/surfaces';
import { i18n } from './i18n';

/** Registers the service worker (production builds only) and offers a reload when a new version waits. */
export function registerServiceWorker(): void {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  void import('workbox-window').then(({ Workbox }) => {
    const wb = new Workbox(`${import.meta.env.BASE_URL}sw.js`, {
      scope: import.meta.env.BASE_URL,
      type: 'module',
    });
    wb.addEventListener('waiting', async () => {
      const reload = await confirmDialog({
        title: i18n.t('common:update.title'),
        message: i18n.t('common:update.available'),
        confirmLabel: i18n.t('common:actions.reload'),
        cancelLabel: i18n.t('common:actions.later'),
      });
      if (!reload) return;
      // Reload only once the new worker controls the page, so the new shell never meets old caches.
      wb.addEventListener('controlling', () => window.location.reload());
      wb.messageSkipWaiting();
    });
    void wb.register();
  });
}

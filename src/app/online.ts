import { proxy } from 'valtio';

/** One offline state for the whole app, driven by browser events (and later the service worker). */
export const online = proxy({ isOnline: typeof navigator === 'undefined' ? true : navigator.onLine });

export function watchOnline(): void {
  window.addEventListener('online', () => {
    online.isOnline = true;
  });
  window.addEventListener('offline', () => {
    online.isOnline = false;
  });
}

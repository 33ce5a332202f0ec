import { proxy, useSnapshot } from 'valtio';

/**
 * Whether the server can be reached, for components: the app's offline layer (app/online.ts) keeps
 * it current. Actions that only the server can do (creating things) are disabled while offline.
 */
export const connection = proxy({ online: typeof navigator === 'undefined' ? true : navigator.onLine });

export function useOnline(): boolean {
  return useSnapshot(connection).online;
}

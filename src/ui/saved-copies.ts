import { proxy } from 'valtio';

/**
 * Reads the service worker answered from its cache, by API path, with the time the copy was saved
 * (ISO, or '' when unknown). The app's transport fills it (app/api-client.ts); a screen forgets its
 * path before it asks again, so a fresh answer leaves no note.
 */
export const savedCopies = proxy<Record<string, string>>({});

export function noteSavedCopy(path: string, savedAt: string | null): void {
  savedCopies[path] = savedAt ?? '';
}

export function forgetSavedCopy(path: string): void {
  delete savedCopies[path];
}

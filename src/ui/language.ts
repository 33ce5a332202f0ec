import i18n from 'i18next';
import { proxy } from 'valtio';
import type { TLanguage } from '../shared/domain/languages';
import { LANGUAGE_KEY } from './stored-language';

export { LANGUAGE_KEY, storedLanguage } from './stored-language';

/** When a language fails to load, only the two English variants stay on offer (spec 01 §8). */
export const languageLoad = proxy({ failed: false });

export async function changeLanguage(lng: TLanguage): Promise<void> {
  try {
    localStorage.setItem(LANGUAGE_KEY, lng);
  } catch {
    // Storage unavailable: the change still applies to this page.
  }
  await i18n.changeLanguage(lng);
}

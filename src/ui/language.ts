import i18n from 'i18next';
import { proxy } from 'valtio';
import { DEFAULT_LANGUAGE, normaliseLanguageCode, type TLanguage } from '../shared/domain/languages';

/** The chosen language lives in local storage only (spec 01 §9). */
export const LANGUAGE_KEY = 'language';

/** When a language fails to load, only the two English variants stay on offer (spec 01 §8). */
export const languageLoad = proxy({ failed: false });

export function storedLanguage(): TLanguage {
  try {
    return normaliseLanguageCode(localStorage.getItem(LANGUAGE_KEY)) ?? DEFAULT_LANGUAGE;
  } catch {
    return DEFAULT_LANGUAGE;
  }
}

export async function changeLanguage(lng: TLanguage): Promise<void> {
  try {
    localStorage.setItem(LANGUAGE_KEY, lng);
  } catch {
    // Storage unavailable: the change still applies to this page.
  }
  await i18n.changeLanguage(lng);
}

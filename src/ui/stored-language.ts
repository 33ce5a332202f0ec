import { DEFAULT_LANGUAGE, normaliseLanguageCode, type TLanguage } from '../shared/domain/languages';

/** The chosen language lives in local storage only (spec 01 §9). No i18next here: the player reads it too. */
export const LANGUAGE_KEY = 'language';

export function storedLanguage(): TLanguage {
  try {
    return normaliseLanguageCode(localStorage.getItem(LANGUAGE_KEY)) ?? DEFAULT_LANGUAGE;
  } catch {
    return DEFAULT_LANGUAGE;
  }
}

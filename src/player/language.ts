import { DEFAULT_LANGUAGE, normaliseLanguageCode, type TLanguage } from '../shared/domain/languages';
import { LANGUAGE_KEY } from '../ui/stored-language';
import { i18n, loadTexts } from './i18n';

/**
 * The first of the phone's languages (navigator.languages, most wanted first) that we speak: an exact
 * code ('th-TH', 'en-US'), else its primary language ('th', 'zh-Hant-TW' → zh-CN, 'en-AU' → en-GB).
 */
export function languageOfPhone(preferred: readonly string[]): TLanguage | undefined {
  for (const tag of preferred) {
    const found = normaliseLanguageCode(tag) ?? normaliseLanguageCode(tag.split(/[-_]/)[0]);
    if (found) return found;
  }
  return undefined;
}

function chosenLanguage(): TLanguage | undefined {
  try {
    return normaliseLanguageCode(localStorage.getItem(LANGUAGE_KEY));
  } catch {
    return undefined;
  }
}

/** The learner's choice (kept on the device, shared with the editor, spec 01 §9), else the phone's. */
export function learnerLanguage(): TLanguage {
  const phone = navigator.languages?.length ? navigator.languages : [navigator.language];
  return chosenLanguage() ?? languageOfPhone(phone) ?? DEFAULT_LANGUAGE;
}

/** Loads the texts of `lng` and marks the page with it; `remember` when the learner picked it. */
export async function applyLanguage(lng: TLanguage, remember = false): Promise<void> {
  if (remember) {
    try {
      localStorage.setItem(LANGUAGE_KEY, lng);
    } catch {
      // Private mode: the choice lasts for this page only.
    }
  }
  await loadTexts(lng);
  document.documentElement.lang = i18n.language;
}

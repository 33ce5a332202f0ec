import i18n from 'i18next';
import HttpBackend from 'i18next-http-backend';
import { initReactI18next } from 'react-i18next';
import { setDateLanguage } from '../shared/domain/date-locales';
import { DEFAULT_LANGUAGE, SUPPORTED_LANGUAGES } from '../shared/domain/languages';
import { languageLoad, storedLanguage } from '../ui/language';

/**
 * Spec 01 §9: navbar is the default namespace; common carries messages. These two are in the first
 * render (index.html preloads the default language's copies). The node catalogue's texts (`nodes`,
 * ~100 blocks) are left out: only the flow editor needs them, so its chunk loads them on first use
 * (features/canvas/components/useNodeTexts.ts).
 */
export const FIRST_NAMESPACES = ['navbar', 'common'] as const;
/**
 * Loaded as soon as the first two are in, but not waited for: only their areas' screens use them
 * (the balance in the navbar, tasks, assignments, chat), and those wait for them (route-table.ts).
 */
export const AREA_NAMESPACES = ['task', 'assignment', 'quickBalance', 'chat'] as const;
export const NAMESPACES = [...FIRST_NAMESPACES, ...AREA_NAMESPACES] as const;

// Set once init has started: an area load asked for meanwhile waits for the chosen language.
let initialised: Promise<unknown> | undefined;

export async function initI18n(): Promise<typeof i18n> {
  initialised = i18n
    .use(HttpBackend)
    .use(initReactI18next)
    .init({
      lng: storedLanguage(),
      fallbackLng: DEFAULT_LANGUAGE,
      supportedLngs: [...SUPPORTED_LANGUAGES],
      // Without this i18next also asks for /en/… files that do not exist (STACK-NOTES 4).
      load: 'currentOnly',
      ns: [...FIRST_NAMESPACES],
      defaultNS: 'navbar',
      fallbackNS: 'common',
      backend: { loadPath: `${import.meta.env.BASE_URL}locales/{{lng}}/{{ns}}.json` },
      interpolation: { escapeValue: false },
      react: { useSuspense: false },
      returnNull: false,
    });
  await initialised;
  i18n.on('failedLoading', () => {
    languageLoad.failed = true;
  });
  i18n.on('languageChanged', (lng) => {
    document.documentElement.lang = lng;
    setDateLanguage(lng);
    // Spec 01 §9: the task namespace is reloaded on language change.
    void i18n.reloadResources(lng, 'task');
  });
  document.documentElement.lang = i18n.language;
  setDateLanguage(i18n.language);
  void loadAreaTexts();
  return i18n;
}

/**
 * The area namespaces: one request each, shared by every caller (i18next joins a load in flight).
 * Asked for before init is done (a page preloaded at boot), it waits for it: i18next would otherwise
 * fetch the default language's copy. A failed load is not fatal here: the screen shows i18next's
 * fallback and `failedLoading` is flagged.
 */
export function loadAreaTexts(ns: readonly string[] = AREA_NAMESPACES): Promise<void> {
  return Promise.resolve(initialised)
    .then(() => i18n.loadNamespaces([...ns]))
    .catch(() => undefined);
}

export { i18n };

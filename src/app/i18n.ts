import i18n from 'i18next';
import HttpBackend from 'i18next-http-backend';
import { initReactI18next } from 'react-i18next';
import { setDateLanguage } from '../shared/domain/date-locales';
import { DEFAULT_LANGUAGE, SUPPORTED_LANGUAGES } from '../shared/domain/languages';
import { languageLoad, storedLanguage } from '../ui/language';

/**
 * Spec 01 §9: navbar is the default namespace; common carries messages. These load with the shell.
 * The node catalogue's texts (`nodes`, ~100 blocks) are left out: only the flow editor needs them,
 * so its chunk loads them on first use (features/canvas/components/useNodeTexts.ts).
 */
export const NAMESPACES = ['navbar', 'common', 'task', 'assignment', 'quickBalance', 'chat'] as const;

export async function initI18n(): Promise<typeof i18n> {
  await i18n
    .use(HttpBackend)
    .use(initReactI18next)
    .init({
      lng: storedLanguage(),
      fallbackLng: DEFAULT_LANGUAGE,
      supportedLngs: [...SUPPORTED_LANGUAGES],
      // Without this i18next also asks for /en/… files that do not exist (STACK-NOTES 4).
      load: 'currentOnly',
      ns: [...NAMESPACES],
      defaultNS: 'navbar',
      fallbackNS: 'common',
      backend: { loadPath: `${import.meta.env.BASE_URL}locales/{{lng}}/{{ns}}.json` },
      interpolation: { escapeValue: false },
      react: { useSuspense: false },
      returnNull: false,
    });
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
  return i18n;
}

export { i18n };

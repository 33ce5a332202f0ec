import i18n from 'i18next';
import HttpBackend from 'i18next-http-backend';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { initReactI18next } from 'react-i18next';
import '../ui/theme.css';
import './player.css';
import { configureApi } from '../shared/api/http';
import { DEFAULT_LANGUAGE, SUPPORTED_LANGUAGES } from '../shared/domain/languages';
import { storedLanguage } from '../ui/language';
import { PlayerApp } from './App';
import { startOutbox } from './outbox';
import { getAccessToken } from './session';

configureApi({ getAccessToken });
void i18n
  .use(HttpBackend)
  .use(initReactI18next)
  .init({
    lng: storedLanguage(),
    fallbackLng: DEFAULT_LANGUAGE,
    supportedLngs: [...SUPPORTED_LANGUAGES],
    load: 'currentOnly',
    ns: ['player'],
    defaultNS: 'player',
    backend: { loadPath: '/editor/locales/{{lng}}/{{ns}}.json' },
    interpolation: { escapeValue: false },
    react: { useSuspense: false },
  })
  .then(() => {
    document.documentElement.lang = i18n.language;
    createRoot(document.getElementById('root')!).render(
      <StrictMode>
        <PlayerApp />
      </StrictMode>,
    );
  });
startOutbox();

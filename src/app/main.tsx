import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import '../ui/theme.css';
import './app.css';
import { initAuth } from '../features/auth';
import { mayHaveSession } from '../shared/api/session-hint';
import { App } from './App';
import { setupApiClient } from './api-client';
import { initI18n } from './i18n';
import { watchInstall } from './install';
import { watchOnline } from './online';
import { watchOutbox } from './outbox';
import { registerServiceWorker } from './register-sw';
import { preloadPage } from './route-preload';
import { watchStorage } from './storage';

setupApiClient();
watchOnline();
watchInstall();
// Render at once (the guard shows the loading animation) while translations and the session load;
// the page's own chunk loads meanwhile, so it is there at the first render (route-preload.ts).
const path = window.location.pathname.slice(import.meta.env.BASE_URL.length - 1) || '/';
const ready = Promise.all([initI18n(), preloadPage(path, !mayHaveSession())]);
void initAuth();
void ready.then(() => {
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
});
registerServiceWorker();
watchOutbox();
watchStorage();

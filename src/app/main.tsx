import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import '../ui/theme.css';
import './app.css';
import { initAuth } from '../features/auth';
import { App } from './App';
import { setupApiClient } from './api-client';
import { initI18n } from './i18n';
import { watchOnline } from './online';
import { registerServiceWorker } from './register-sw';

setupApiClient();
watchOnline();
// Render at once (the guard shows the loading animation) while translations and the session load.
const ready = initI18n();
void initAuth();
void ready.then(() => {
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
});
registerServiceWorker();

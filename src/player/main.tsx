import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import '../ui/theme.css';
import './player.css';
import { configureApi } from '../shared/api/http';
import { storedLanguage } from '../ui/stored-language';
import { PlayerApp } from './App';
import { i18n, loadTexts } from './i18n';
import { startOutbox } from './outbox';
import { getAccessToken } from './session';
import { registerViewerWorker } from './worker';

configureApi({ getAccessToken });
void loadTexts(storedLanguage()).then(() => {
  document.documentElement.lang = i18n.language;
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <PlayerApp />
    </StrictMode>,
  );
});
startOutbox();
// After the first screen: the worker's install never competes with the flow's first load.
window.addEventListener('load', () => registerViewerWorker(), { once: true });

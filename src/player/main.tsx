import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import '../ui/theme.css';
import './player.css';
import { configureApi } from '../shared/api/http';
import { mediaLibrarySpace } from '../shared/domain/media-library';
import { PlayerApp } from './App';
import { applyLanguage, learnerLanguage } from './language';
import { startOutbox } from './outbox';
import { prefetchFlowPage } from './prefetch';
import { getAccessToken } from './session';
import { registerViewerWorker } from './worker';

// The media library page works in the space chat opened it for (its ?org=); everything else is personal or says its own.
configureApi({ getAccessToken, getOrgId: () => mediaLibrarySpace(location.pathname, location.search) });
prefetchFlowPage(location.pathname);
// The learner's chosen language, else the phone's.
void applyLanguage(learnerLanguage()).then(() => {
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <PlayerApp />
    </StrictMode>,
  );
});
startOutbox();
// After the first screen, when the phone is idle: the worker's install and its copy of what this page
// loaded never compete with the flow's first load.
window.addEventListener(
  'load',
  () => {
    if ('requestIdleCallback' in window) requestIdleCallback(registerViewerWorker, { timeout: 3000 });
    else setTimeout(registerViewerWorker, 1000);
  },
  { once: true },
);

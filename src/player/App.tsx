import { lazy, Suspense, useEffect, useState } from 'react';
import { Redirect, Route, Router, Switch } from 'wouter';
import { useTranslation } from './i18n';
import { LanguageMenu } from './LanguageMenu';
import { type TOutboxState, watchOutbox } from './outbox';
import { AssignmentPage } from './pages/AssignmentPage';
import { FlowPage } from './pages/FlowPage';
import { JoinCodePage } from './pages/JoinCodePage';
import { JoinPage } from './pages/JoinPage';
import { PreviewPage, ShareOrDemoPage } from './pages/PreviewPage';
import { useKeepProvider } from './provider';

/** Chat's Library (spec 03 §2): loaded on its own, so a learner's phone never downloads it. */
const MediaLibraryPage = lazy(() => import('./pages/MediaLibraryPage'));

/** The learner app under /viewer (spec 01 §8, spec 02 §2): small, phone-first, its own entry. */
export function PlayerApp() {
  const { t } = useTranslation('player');
  const [outbox, setOutbox] = useState<TOutboxState>({ waiting: 0, refused: 0 });
  const [online, setOnline] = useState(navigator.onLine);
  // Texts are read at render: a new language re-renders the app from here.
  const [, setLanguage] = useState<string>('');
  useEffect(() => watchOutbox(setOutbox), []);
  useKeepProvider();
  useEffect(() => {
    const on = () => setOnline(true);
    const off = () => setOnline(false);
    window.addEventListener('online', on);
    window.addEventListener('offline', off);
    return () => {
      window.removeEventListener('online', on);
      window.removeEventListener('offline', off);
    };
  }, []);
  return (
    <Router base="/viewer">
      <header className="pl-top">
        <a href="/viewer/join" className="pl-brand">
          <img src="/editor/favicon.svg" alt="" width="24" height="24" />
          Flowlearn
        </a>
        {(!online || outbox.waiting > 0) && (
          <span className="pl-badge" role="status" data-testid="outbox">
            {online
              ? t('outbox.sending', { count: outbox.waiting })
              : t('outbox.offline', { count: outbox.waiting })}
          </span>
        )}
        {outbox.refused > 0 && (
          <span className="pl-badge pl-badge--error">{t('outbox.refused', { count: outbox.refused })}</span>
        )}
        <LanguageMenu onChange={setLanguage} />
      </header>
      <main>
        <Switch>
          <Route path="/join" component={JoinPage} />
          <Route path="/assignments/join-assignment/:code">{(p) => <JoinCodePage code={p.code} />}</Route>
          <Route path="/assignment/:id/flow/:flowId">
            {(p) => <FlowPage target={{ kind: 'assignment', id: p.id }} flowId={p.flowId} />}
          </Route>
          <Route path="/assignment/:id">
            {(p) => <AssignmentPage target={{ kind: 'assignment', id: p.id }} />}
          </Route>
          <Route path="/public-assignment/:code/flow/:flowId">
            {(p) => <FlowPage target={{ kind: 'public', code: p.code }} flowId={p.flowId} />}
          </Route>
          <Route path="/public-assignment/:code">
            {(p) => <AssignmentPage target={{ kind: 'public', code: p.code }} />}
          </Route>
          <Route path="/flow/share/:id">{(p) => <ShareOrDemoPage id={p.id} />}</Route>
          <Route path="/flow-preview/:id">{(p) => <PreviewPage id={p.id} />}</Route>
          <Route path="/media-library">
            <Suspense fallback={null}>
              <MediaLibraryPage />
            </Suspense>
          </Route>
          <Route>
            <Redirect to="/join" />
          </Route>
        </Switch>
      </main>
    </Router>
  );
}

import { lazy, Suspense, useEffect } from 'react';
import { useLocation } from 'wouter';
import { useTranslation } from '../i18n';
import { playerApi, type TTarget } from '../player.api';
import { uuid } from '../run/ports';
import { Closed } from './Closed';
import { Problem } from './Problem';
import { useLoad } from './useLoad';

const VISITOR_KEY = 'flowlearn-visitor';

/**
 * The runtime and the run screen are their own chunk: the join and assignment pages do not need
 * them, and a flow page starts fetching them while it fetches the flow (issue 14, entry ≤ 90 KB).
 */
const loadRunScreen = () => import('../run/RunScreen').then((m) => ({ default: m.RunScreen }));
const RunScreen = lazy(loadRunScreen);

function usePrefetchRun() {
  useEffect(() => {
    void loadRunScreen();
  }, []);
}

/** The anonymous visitor of public links on this device: a random id kept in localStorage. */
function visitorId(): string {
  try {
    const known = localStorage.getItem(VISITOR_KEY);
    if (known) return known;
    const id = uuid();
    localStorage.setItem(VISITOR_KEY, id);
    return id;
  } catch {
    return uuid();
  }
}

/** /viewer/assignment/{id}/flow/{flowId} and /viewer/public-assignment/{code}/flow/{flowId}. */
export function FlowPage({ target, flowId }: { target: TTarget; flowId: string }) {
  const { t, i18n } = useTranslation('player');
  const [, go] = useLocation();
  const key = target.kind === 'assignment' ? target.id : target.code;
  usePrefetchRun();
  const { state, reload } = useLoad(
    () =>
      Promise.all([playerApi.assignment(target), playerApi.flow(target, flowId)]).then(([a, f]) => ({
        a: a.data,
        f: f.data,
      })),
    `${key}:${flowId}`,
  );
  if (state.status === 'loading') return <p className="pl-page pl-muted">{t('run.loading')}</p>;
  if (state.status === 'error')
    return (
      <div className="pl-page">
        <Problem state={state} onSignedIn={reload} />
      </div>
    );
  const { a, f } = state.data;
  const back =
    target.kind === 'assignment' ? `/assignment/${target.id}` : `/public-assignment/${target.code}`;
  // Paused, locked or ended: the server refuses statements and AI calls, so the flow does not start.
  if (a.closed)
    return (
      <div className="pl-page">
        <Closed reason={a.closed} back={back} />
      </div>
    );
  return (
    <div className="pl-page">
      <Suspense fallback={<p className="pl-muted">{t('run.loading')}</p>}>
        <RunScreen
          flow={f}
          runKey={`${target.kind}:${key}:${flowId}`}
          where={{
            target,
            flowId,
            flowName: f.name,
            assignmentActivityId: a.activityId,
            actor: a.actor,
            learner: target.kind === 'public' ? { id: visitorId() } : undefined,
            language: i18n.language,
          }}
          onExit={() => go(back)}
        />
      </Suspense>
    </div>
  );
}

/** /viewer/flow/share/{id}: a preview of a published flow; nothing is recorded or charged. */
export function SharePage({ id }: { id: string }) {
  const { t, i18n } = useTranslation('player');
  const { state, reload } = useLoad(() => playerApi.sharedFlow(id).then((r) => r.data), id);
  usePrefetchRun();
  if (state.status === 'loading') return <p className="pl-page pl-muted">{t('run.loading')}</p>;
  if (state.status === 'error')
    return (
      <div className="pl-page">
        <Problem state={state} onSignedIn={reload} />
      </div>
    );
  return (
    <div className="pl-page">
      <p className="pl-badge">{t('share.preview')}</p>
      <Suspense fallback={<p className="pl-muted">{t('run.loading')}</p>}>
        <RunScreen
          flow={state.data}
          runKey={`share:${id}`}
          where={{ target: null, flowId: id, flowName: state.data.name, language: i18n.language }}
        />
      </Suspense>
    </div>
  );
}

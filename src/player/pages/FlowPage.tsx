import { useLocation } from 'wouter';
import { useTranslation } from '../i18n';
import type { TTarget } from '../player.api';
import { flowPageKey, loadFlowPage, loadSharePage, takePrefetched } from '../prefetch';
import { uuid } from '../uuid';
import { Closed } from './Closed';
import { Problem } from './Problem';
import { useLoad } from './useLoad';

const VISITOR_KEY = 'flowlearn-visitor';

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
  const { state, reload } = useLoad(
    () => takePrefetched(flowPageKey(target, flowId)) ?? loadFlowPage(target, flowId),
    `${key}:${flowId}`,
  );
  if (state.status === 'loading') return <p className="pl-page pl-muted">{t('run.loading')}</p>;
  if (state.status === 'error')
    return (
      <div className="pl-page">
        <Problem state={state} onSignedIn={reload} />
      </div>
    );
  const { a, f, Run } = state.data;
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
      <Run
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
    </div>
  );
}

/** /viewer/flow/share/{id}: a preview of a published flow; nothing is recorded or charged. */
export function SharePage({ id }: { id: string }) {
  const { t, i18n } = useTranslation('player');
  const { state, reload } = useLoad(() => loadSharePage(id), id);
  if (state.status === 'loading') return <p className="pl-page pl-muted">{t('run.loading')}</p>;
  if (state.status === 'error')
    return (
      <div className="pl-page">
        <Problem state={state} onSignedIn={reload} />
      </div>
    );
  return (
    <div className="pl-page">
      <p className="pl-badge pl-badge--note">{t('share.preview')}</p>
      <state.data.Run
        flow={state.data.f}
        runKey={`share:${id}`}
        where={{ target: null, flowId: id, flowName: state.data.f.name, language: i18n.language }}
      />
    </div>
  );
}

import { Link } from 'wouter';
import type { TPlayerAssignment } from '../../shared/contract/player';
import { useTranslation } from '../i18n';
import { LiveBanner } from '../live/LiveBanner';
import { useLiveLesson } from '../live/useLiveLesson';
import { playerApi, type TTarget } from '../player.api';
import { Closed } from './Closed';
import { Problem } from './Problem';
import { useLoad } from './useLoad';

/** /viewer/assignment/{id} and /viewer/public-assignment/{code}: the flows, with the learner's progress. */
export function AssignmentPage({ target }: { target: TTarget }) {
  const { t } = useTranslation('player');
  const key = target.kind === 'assignment' ? target.id : target.code;
  const { state, reload } = useLoad(() => playerApi.assignment(target).then((r) => r.data), key);
  // A live lesson on the assignment: joined from here too, and its flow is one tap away.
  const lesson = useLiveLesson(target.kind === 'assignment' ? target.id : null);
  const prefix =
    target.kind === 'assignment' ? `/assignment/${target.id}` : `/public-assignment/${target.code}`;
  if (state.status === 'loading') return <p className="pl-page pl-muted">{t('run.loading')}</p>;
  if (state.status === 'error')
    return (
      <div className="pl-page">
        <Problem state={state} onSignedIn={reload} />
      </div>
    );
  const a: TPlayerAssignment = state.data;
  return (
    <div className="pl-page">
      <h1 className="pl-title">{a.name}</h1>
      {a.description && <p className="pl-muted">{a.description}</p>}
      {a.closed && <Closed reason={a.closed} />}
      <LiveBanner state={lesson.state} reconnecting={lesson.reconnecting} />
      {lesson.state && !lesson.state.ended && (
        <Link
          href={`${prefix}/flow/${lesson.state.flowId}`}
          className="btn btn--primary"
          data-testid="live-open"
        >
          {t('live.open')}
        </Link>
      )}
      {a.flows.length === 0 && <p className="pl-muted">{t('assignment.noFlows')}</p>}
      <ul className="pl-flows">
        {a.flows.map((f) => (
          <li key={f._id}>
            <Link href={`${prefix}/flow/${f._id}`} className="pl-card pl-flow">
              <span className="pl-flow__name">{f.name}</span>
              {target.kind === 'assignment' && (
                <span
                  className={`pl-badge ${f.interactions ? 'pl-badge--on' : ''}`}
                  data-testid="interactions"
                >
                  {f.interactions
                    ? t('assignment.interactions', { count: f.interactions })
                    : t('assignment.notStarted')}
                </span>
              )}
            </Link>
          </li>
        ))}
      </ul>
    </div>
  );
}

import type { TLiveState } from '../../shared/contract/live';
import './live.css';
import { useTranslation } from '../i18n';
import { LiveScore } from './LiveScore';

/**
 * The phone's line about the live lesson: following the teacher (and which step), waiting for the
 * teacher, answers closed, reconnecting, or the lesson's end (then the run goes on at the learner's pace).
 */
export function LiveBanner({
  state,
  flowId,
  reconnecting,
  holding = false,
  closed = false,
}: {
  state: TLiveState | null;
  flowId?: string;
  reconnecting: boolean;
  holding?: boolean;
  closed?: boolean;
}) {
  const { t } = useTranslation('player');
  if (!state || (flowId && state.flowId !== flowId)) return null;
  if (state.ended)
    return (
      <p className="pl-card pl-live pl-live--ended" role="status" data-testid="live-ended">
        {t('live.ended')}
      </p>
    );
  return (
    <div className="pl-card pl-live" role="status" aria-live="polite" data-testid="live-banner">
      <p className="pl-live__title">
        <span className="pl-live__dot" aria-hidden="true" />
        {t('live.following')}
      </p>
      <p className="pl-muted" data-testid="live-phone-step">
        {t('live.step', { step: state.step + 1, count: state.stepCount })}
      </p>
      <LiveScore state={state} />
      {reconnecting && <p className="pl-muted">{t('live.reconnecting')}</p>}
      {holding && <p data-testid="live-hold">{t('live.waitTeacher')}</p>}
      {closed && <p data-testid="live-closed">{t('live.closed')}</p>}
    </div>
  );
}

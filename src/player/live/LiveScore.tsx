import type { TLiveState } from '../../shared/contract/live';
import { useTranslation } from '../i18n';
import { useLiveScore } from './live-score';

/**
 * The phone's own points and rank in a lesson with points on, as the lesson's stream sends them: after
 * each answer in the class (the learner's own, or another that moved the ranks), never by asking again
 * and again. Nothing until the first one came: a score never gets in the way of the lesson.
 */
export function LiveScore({ state }: { state: TLiveState }) {
  const { t } = useTranslation('player');
  const score = useLiveScore(state.assignmentId);
  if (!state.points || !score) return null;
  return (
    <p className="pl-live__score" data-testid="live-score">
      {t('live.score', { count: score.points, rank: score.rank, of: score.of })}
    </p>
  );
}

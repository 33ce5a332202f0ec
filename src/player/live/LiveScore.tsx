import { useEffect, useState } from 'react';
import type { TLiveScore, TLiveState } from '../../shared/contract/live';
import { useTranslation } from '../i18n';
import { playerLiveApi } from './live.api';

/**
 * The phone's own points and rank in a lesson with points on, read again whenever the lesson
 * changes (the teacher reveals, moves on): the learner learns what an answer earned when the class
 * sees the right one. Nothing while it cannot be read: a score never gets in the way of the lesson.
 */
export function LiveScore({ state }: { state: TLiveState }) {
  const { t } = useTranslation('player');
  const [score, setScore] = useState<TLiveScore | null>(null);
  const { assignmentId, revision, points } = state;
  // biome-ignore lint/correctness/useExhaustiveDependencies: revision says when to read again
  useEffect(() => {
    if (!points) return;
    let alive = true;
    playerLiveApi.score(assignmentId).then(
      (res) => alive && setScore(res.data),
      () => undefined,
    );
    return () => {
      alive = false;
    };
  }, [assignmentId, revision, points]);
  if (!points || !score) return null;
  return (
    <p className="pl-live__score" data-testid="live-score">
      {t('live.score', { count: score.points, rank: score.rank, of: score.of })}
    </p>
  );
}

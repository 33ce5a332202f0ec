import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TLiveLeaderboard } from '../../../../shared/contract/live';
import { liveApi } from '../../live.api';

/**
 * The lesson's top 10, for the projector between steps: rank, name (or "Learner n" when the lesson
 * hides names, numbered by order of joining) and points. Read once when shown; the teacher shows it
 * again for a fresh one.
 */
export function LiveLeaderboard({ assignmentId }: { assignmentId: string }) {
  const { t } = useTranslation('assignment');
  const [board, setBoard] = useState<TLiveLeaderboard | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    let alive = true;
    liveApi.leaderboard(assignmentId).then(
      (res) => alive && setBoard(res.data),
      () => alive && setFailed(true),
    );
    return () => {
      alive = false;
    };
  }, [assignmentId]);

  if (failed) return <p className="field__error">{t('live.boardFailed')}</p>;
  if (!board) return <span className="spinner" role="status" aria-label={t('loading')} />;
  return (
    <section className="live__board" data-testid="live-leaderboard" aria-label={t('live.leaderboard')}>
      <h3>{t('live.leaderboard')}</h3>
      {board.entries.length === 0 ? (
        <p className="live__muted">{t('live.boardEmpty')}</p>
      ) : (
        <ol>
          {board.entries.map((e) => (
            <li key={`${e.rank}-${e.learner}`}>
              <span className="live__board-rank">{e.rank}</span>
              <span className="live__board-name">{e.name || t('live.learnerN', { n: e.learner })}</span>
              <span className="live__board-points">{t('live.points', { count: e.points })}</span>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}

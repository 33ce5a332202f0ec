import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TLiveLeaderboard } from '../../../../shared/contract/live';
import { liveApi } from '../../live.api';

/**
 * The lesson's top 10, for the projector between steps: rank, name (or "Learner n" when the lesson
 * hides names, numbered by order of joining) and points. Read once when shown, then kept up to date
 * by the lesson's stream (`live`: the standings it sent after each scored answer), so a late answer
 * moves the board while the class watches.
 */
export function LiveLeaderboard({
  assignmentId,
  live = null,
}: {
  assignmentId: string;
  live?: TLiveLeaderboard | null;
}) {
  const { t } = useTranslation('assignment');
  const [read, setRead] = useState<TLiveLeaderboard | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    let alive = true;
    liveApi.leaderboard(assignmentId).then(
      (res) => alive && setRead(res.data),
      () => alive && setFailed(true),
    );
    return () => {
      alive = false;
    };
  }, [assignmentId]);

  // The stream's standings are at least as new as the read once they come (it sends them on connect).
  const board = live ?? read;
  if (!board && failed) return <p className="field__error">{t('live.boardFailed')}</p>;
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

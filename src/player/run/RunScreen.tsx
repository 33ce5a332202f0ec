import { useEffect, useMemo, useState } from 'react';
import type { TPlayerFlow } from '../../shared/contract/player';
import { floatingBots, type TRunFlow } from '../../shared/domain/runtime';
import { PlainButton as Button } from '../../ui/PlainButton';
import { useTranslation } from '../i18n';
import { LiveBanner } from '../live/LiveBanner';
import { useLiveFollow, useLiveWhere } from '../live/useLiveFollow';
import { Ask } from './Ask';
import { Feed } from './Feed';
import { FloatingBot } from './FloatingBot';
import type { TRunWhere } from './ports';
import { useRun } from './useRun';

const CREDIT_CODES = new Set([
  'UNIT_BALANCE_INSUFFICIENT',
  'ORG_UNIT_BALANCE_INSUFFICIENT',
  'ORGANIZATION_MONTHLY_CREDIT_LIMIT_EXCEEDED',
]);

/** One flow, run by the shared runtime: the feed, then what it waits for, then the end. */
export function RunScreen({
  flow,
  where,
  runKey,
  onExit,
}: {
  flow: TPlayerFlow;
  where: TRunWhere;
  runKey: string;
  onExit?: () => void;
}) {
  const { t } = useTranslation('player');
  const runFlow = useMemo(
    () => ({ ...(flow as unknown as TRunFlow), id: flow._id, revision: flow.revision }),
    [flow],
  );
  // A live lesson on this flow: the same run, held at the teacher's step (src/player/live).
  const { lesson, where: runWhere } = useLiveWhere(where);
  const { view, answer: answerRun, restart, skipTo, askBot } = useRun(runFlow, runWhere, runKey);
  const live = useLiveFollow(runFlow, runWhere, lesson, view.state, answerRun, skipTo);
  const answer = live.answer;
  const state = view.state;
  const [now, setNow] = useState(Date.now());
  const waiting =
    // Held at the teacher's step (or answers closed there): the phone asks nothing meanwhile.
    state?.status === 'waiting' && state.at?.request && !live.holding && !live.closed
      ? { nodeId: state.at.nodeId, nodeType: '', label: '', request: state.at.request }
      : null;
  useEffect(() => {
    if (waiting?.request.kind !== 'timer') return;
    const timer = setInterval(() => setNow(Date.now()), 500);
    return () => clearInterval(timer);
  }, [waiting?.request.kind]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: scroll when the feed grows
  useEffect(() => {
    window.scrollTo({ top: document.body.scrollHeight, behavior: 'smooth' });
  }, [state?.feed.length]);

  const error = view.error ?? state?.error;
  const credit = error?.detail && CREDIT_CODES.has(error.detail);
  return (
    <div className="pl-run">
      <h1 className="pl-title">{flow.name}</h1>
      <LiveBanner
        state={lesson.state}
        flowId={where.flowId}
        reconnecting={lesson.reconnecting}
        holding={live.holding}
        closed={live.closed}
      />
      {!state && <p className="pl-muted">{t('run.loading')}</p>}
      {state && <Feed items={live.feed} streaming={view.streaming} transcript={view.transcript} />}
      {view.refused && <p className="pl-error">{t('run.refused')}</p>}
      {waiting && !(waiting.request.kind === 'timer' && waiting.request.until > now) && (
        <Ask
          waiting={waiting}
          busy={view.busy || view.waitingForNetwork === true}
          onAnswer={(a) => void answer(a)}
          where={where}
        />
      )}
      {view.waitingForNetwork && (
        <p className="pl-card pl-saved-offline" role="status" data-testid="saved-offline">
          {t('run.savedOffline')}
        </p>
      )}
      {waiting?.request.kind === 'timer' && waiting.request.until > now && (
        <p className="pl-muted">
          {t('run.waiting', { seconds: Math.ceil((waiting.request.until - now) / 1000) })}
        </p>
      )}
      {state?.status === 'failed' && (
        <div className="pl-card pl-card--error" role="alert">
          <p>
            {credit
              ? where.target?.kind === 'public'
                ? t('errors.linkOutOfCredits')
                : t('errors.askTeacher')
              : t('run.failed')}
          </p>
          <Button variant="secondary" busy={view.busy} onClick={() => void answer({ kind: 'retry' })}>
            {t('run.retry')}
          </Button>
        </div>
      )}
      {floatingBots(runFlow, state).map((bot, i) => (
        <FloatingBot
          key={bot.nodeId}
          stack={i}
          bot={bot}
          onAsk={(question, onPiece) => askBot(bot.nodeId, question, onPiece)}
          publicLink={where.target?.kind === 'public'}
        />
      ))}
      {state?.status === 'done' && (
        <div className="pl-card pl-done" role="status">
          <p>{t('run.done')}</p>
          <div className="pl-row">
            <Button variant="secondary" onClick={() => void restart()}>
              {t('run.again')}
            </Button>
            {onExit && <Button onClick={onExit}>{t('run.back')}</Button>}
          </div>
        </div>
      )}
    </div>
  );
}

import { useCallback, useEffect, useRef, useState } from 'react';
import type {
  TLiveAction,
  TLiveEvent,
  TLiveLeaderboard,
  TLiveMember,
  TLiveResults,
  TLiveStartRequest,
  TLiveState,
} from '../../../../shared/contract/live';
import { liveApi } from '../../live.api';

/** How long to wait before following the session again after the stream dropped (poor Wi-Fi). */
const RETRY_MS = [500, 1000, 2000, 5000];

export interface LiveView {
  state: TLiveState | null;
  members: TLiveMember[];
  /** The answers to the teacher's current step, in arrival order (the last per learner counts). */
  answers: TLiveResults['answers'];
  /** The step's quiz question: its options, and the right ones once revealed. */
  quiz: TLiveResults['quiz'];
  /** With points on: the top 10 as the stream last sent it (after each scored answer), null before. */
  board: TLiveLeaderboard | null;
  /** The stream is down and being retried. */
  reconnecting: boolean;
  failed: boolean;
  act(action: TLiveAction): Promise<void>;
}

/**
 * The teacher's live lesson on an assignment: starts it (or picks up the open one), follows its
 * events, and reloads members and answers whenever the step changes or the stream comes back, so a
 * projector that lost its connection shows what happened meanwhile. Events older than the state
 * held (by revision) are ignored.
 */
export function useLiveSession(assignmentId: string, options: TLiveStartRequest = {}): LiveView {
  const [state, setState] = useState<TLiveState | null>(null);
  const [members, setMembers] = useState<TLiveMember[]>([]);
  const [answers, setAnswers] = useState<TLiveResults['answers']>([]);
  const [quiz, setQuiz] = useState<TLiveResults['quiz']>(undefined);
  const [board, setBoard] = useState<TLiveLeaderboard | null>(null);
  // What the teacher chose when starting; read once, by the first start (a picked-up lesson keeps its own).
  const startWith = useRef(options);
  const [reconnecting, setReconnecting] = useState(false);
  const [failed, setFailed] = useState(false);
  const held = useRef<TLiveState | null>(null);

  const reload = useCallback(
    async (step: number) => {
      const { data } = await liveApi.results(assignmentId, step);
      if (held.current?.step !== data.step) return;
      setMembers(data.members);
      setAnswers(data.answers);
      setQuiz(data.quiz);
    },
    [assignmentId],
  );

  const take = useCallback(
    (next: TLiveState) => {
      const before = held.current;
      if (before && before._id === next._id && before.revision > next.revision) return;
      held.current = next;
      setState(next);
      if (!before || before.step !== next.step || before._id !== next._id) {
        setAnswers([]);
        setQuiz(undefined);
        if (!next.ended) void reload(next.step).catch(() => undefined);
      } else if (before.revealed !== next.revealed && !next.ended) {
        // The right answer comes with the results once revealed.
        void reload(next.step).catch(() => undefined);
      }
    },
    [reload],
  );

  useEffect(() => {
    const stop = new AbortController();
    const onEvent = (e: TLiveEvent) => {
      if (e.type === 'state') take(e.state);
      else if (e.type === 'joined') {
        setMembers((m) => (m.some((x) => x.userId === e.member.userId) ? m : [...m, e.member]));
        setState((s) => s && { ...s, memberCount: e.memberCount });
      } else if (e.type === 'answer' && e.step === held.current?.step) {
        setAnswers((list) => [...list.filter((a) => a.userId !== e.userId), e]);
      } else if (e.type === 'leaderboard') {
        setBoard({ entries: e.entries });
      }
    };
    const run = async () => {
      try {
        take((await liveApi.start(assignmentId, startWith.current)).data);
      } catch {
        setFailed(true);
        return;
      }
      for (let attempt = 0; !stop.signal.aborted; attempt++) {
        try {
          await liveApi.follow(assignmentId, onEvent, stop.signal);
          setReconnecting(false);
          if (held.current?.ended) return;
          attempt = 0;
        } catch {
          if (stop.signal.aborted) return;
          setReconnecting(true);
        }
        await new Promise((r) => setTimeout(r, RETRY_MS[Math.min(attempt, RETRY_MS.length - 1)]));
      }
    };
    void run();
    return () => stop.abort();
  }, [assignmentId, take]);

  const act = useCallback(
    async (action: TLiveAction) => {
      take((await liveApi.control(assignmentId, action)).data);
    },
    [assignmentId, take],
  );

  return { state, members, answers, quiz, board, reconnecting, failed, act };
}

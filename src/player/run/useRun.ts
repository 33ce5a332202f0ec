import { createStore, del, get, set } from 'idb-keyval';
import { useCallback, useEffect, useRef, useState } from 'react';
import {
  askFloatingBot,
  isRunState,
  resumeRun,
  skipRun,
  startRun,
  type TFloatingAskResult,
  type TLearnerAnswer,
  type TRunFlow,
  type TRunState,
  type TRuntimeIssue,
} from '../../shared/domain/runtime';
import { isOfflineFailure, useRetryWhenOnline } from './offline-answer';
import { browserRunOptions, type TRunWhere, uuid } from './ports';
import { readRemoteRun, writeRemoteRun } from './remote-run';
import { type TTranscriptEntry, transcriptEntries } from './transcript';

/** What the screen shows: the run's state (feed, what it waits for), streamed AI text, a failure. */
export type TRunView = {
  state: TRunState | null;
  busy: boolean;
  streaming: Record<string, string>;
  error?: TRuntimeIssue;
  refused?: TRuntimeIssue;
  /** An answer given without a network: kept on the phone with the question, sent when online. */
  waitingForNetwork?: boolean;
  /** Earlier answers and AI replies, shown in the feed (also after the flow is reopened). */
  transcript?: TTranscriptEntry[];
};

type Saved = {
  state: TRunState;
  revision: number;
  registration: string;
  pending?: TLearnerAnswer;
  transcript?: TTranscriptEntry[];
};
const store = typeof indexedDB === 'undefined' ? undefined : createStore('flowlearn-player-runs', 'runs');

/**
 * Runs a flow with the shared runtime (src/shared/domain/runtime): start, or resume the run kept in
 * IndexedDB (a refresh or a sleeping phone goes on where it was), answer, retry, restart.
 */
export function useRun(flow: (TRunFlow & { revision: number }) | null, where: TRunWhere, key: string) {
  const [view, setView] = useState<TRunView>({ state: null, busy: true, streaming: {} });
  const registration = useRef('');
  // What the AI streamed during the current answer, and the transcript kept with the run.
  const streamed = useRef<Record<string, string>>({});
  const transcript = useRef<TTranscriptEntry[]>([]);
  const whereRef = useRef(where);
  whereRef.current = where;

  const options = useCallback(
    () =>
      browserRunOptions(whereRef.current, registration.current, (nodeId, text) => {
        streamed.current[nodeId] = (streamed.current[nodeId] ?? '') + text;
        setView((v) => ({
          ...v,
          streaming: { ...v.streaming, [nodeId]: (v.streaming[nodeId] ?? '') + text },
        }));
      }),
    [],
  );

  // The answer that waits for the network, with the state it answers (the question still on screen).
  const pending = useRef<TLearnerAnswer | null>(null);
  const sending = useRef(false);

  const keep = useCallback(
    async (state: TRunState, waiting?: TLearnerAnswer) => {
      if (!store || !flow) return;
      const saved: Saved = { state, revision: flow.revision, registration: registration.current };
      if (waiting) saved.pending = waiting;
      if (transcript.current.length) saved.transcript = transcript.current;
      await set(key, saved, store).catch(() => undefined);
      // The server's copy follows each answer the run took (not one waiting for the network).
      if (!waiting) {
        const { target, flowId } = whereRef.current;
        writeRemoteRun(target, flowId, { revision: flow.revision, state, transcript: transcript.current });
      }
    },
    [flow, key],
  );

  const begin = useCallback(async () => {
    if (!flow) return;
    registration.current = uuid();
    pending.current = null;
    transcript.current = [];
    setView({ state: null, busy: true, streaming: {} });
    const r = await startRun(flow, options());
    await keep(r.state);
    setView((v) => ({ state: r.state, busy: false, streaming: v.streaming, error: r.error }));
  }, [flow, keep, options]);

  useEffect(() => {
    if (!flow) return;
    let cancelled = false;
    void (async () => {
      let saved = store ? await get<Saved>(key, store).catch(() => undefined) : undefined;
      // None on this phone: the server's copy of a signed-in learner's run, from another phone.
      if (!saved || saved.revision !== flow.revision) {
        const { target, flowId } = whereRef.current;
        const remote = await readRemoteRun(target, flowId, flow.revision);
        if (remote) saved = { ...remote, registration: uuid() };
      }
      if (cancelled) return;
      if (saved && saved.revision === flow.revision && isRunState(saved.state)) {
        registration.current = saved.registration;
        pending.current = saved.pending ?? null;
        transcript.current = saved.transcript ?? [];
        setView({
          state: saved.state,
          busy: false,
          streaming: {},
          error: saved.state.error,
          waitingForNetwork: pending.current !== null,
          transcript: transcript.current,
        });
      } else await begin();
    })();
    return () => {
      cancelled = true;
    };
  }, [flow, key, begin]);

  /** Answers `current`; without a network the question stays and the answer waits. */
  const send = useCallback(
    async (current: TRunState, a: TLearnerAnswer) => {
      if (!flow || sending.current) return;
      sending.current = true;
      setView((v) => ({ ...v, busy: true, streaming: {}, refused: undefined }));
      streamed.current = {};
      const r = await resumeRun(flow, current, a, options());
      sending.current = false;
      if (r.status === 'failed' && isOfflineFailure(r.error)) {
        // Statement ids derive from the saved state: the outbox drops this try's statements when the
        // answer is sent again (outbox.ts takeId), so nothing is counted twice or refused.
        pending.current = a;
        await keep(current, a);
        setView((v) => ({ ...v, state: current, busy: false, streaming: {}, waitingForNetwork: true }));
        return;
      }
      pending.current = null;
      // A finished answer's AI replies move into the transcript; a failed one's stay live until retried.
      const ai = r.status === 'failed' ? {} : streamed.current;
      // A retry (no request) adds only the AI texts it streamed.
      const asked = current.at?.request ?? { kind: 'continue' as const };
      const added = r.refused ? [] : transcriptEntries(asked, a, current.seq, ai);
      transcript.current = [...transcript.current, ...added];
      if (!r.refused) await keep(r.state);
      const moved = added.some((e) => e.kind === 'ai');
      setView((v) => ({
        state: r.state,
        busy: false,
        streaming: moved ? {} : v.streaming,
        error: r.error,
        refused: r.refused,
        transcript: transcript.current,
      }));
    },
    [flow, keep, options],
  );

  const answer = useCallback(
    async (a: TLearnerAnswer) => {
      if (!view.state || view.busy || view.waitingForNetwork) return;
      await send(view.state, a);
    },
    [view.state, view.busy, view.waitingForNetwork, send],
  );

  useRetryWhenOnline(view.waitingForNetwork === true, () => {
    if (view.state && pending.current) void send(view.state, pending.current);
  });

  /**
   * Moves the waiting run to `nodeId` without answering the blocks between (a live lesson's late
   * phone, src/player/live): they are recorded as skipped. Nothing happens while an answer is busy.
   */
  const skipTo = useCallback(
    async (nodeId: string, skipped: string[]) => {
      if (!flow || !view.state || view.busy || view.waitingForNetwork || sending.current) return;
      sending.current = true;
      const r = await skipRun(flow, view.state, nodeId, skipped, options());
      sending.current = false;
      if (r.refused) return;
      await keep(r.state);
      setView((v) => ({ ...v, state: r.state, busy: false, error: r.error, refused: undefined }));
    },
    [flow, view.state, view.busy, view.waitingForNetwork, keep, options],
  );

  /**
   * Asks a floating knowledge bot over the step on screen: the run stays where it waits, only the bot's
   * talk and the statement counter move. It takes the same turn as an answer (busy, `sending`), so
   * the two never change one state at the same time; the bot's streamed text goes to `onPiece`.
   */
  const askBot = useCallback(
    async (
      nodeId: string,
      question: string,
      onPiece: (text: string) => void,
    ): Promise<TFloatingAskResult | undefined> => {
      if (!flow || !view.state || view.busy || view.waitingForNetwork || sending.current) return undefined;
      sending.current = true;
      setView((v) => ({ ...v, busy: true }));
      const opts = browserRunOptions(whereRef.current, registration.current, (_node, text) => onPiece(text));
      const r = await askFloatingBot(flow, view.state, nodeId, question, opts);
      sending.current = false;
      if (r.answer !== undefined) await keep(r.state);
      setView((v) => ({ ...v, state: r.state, busy: false }));
      return r;
    },
    [flow, view.state, view.busy, view.waitingForNetwork, keep],
  );

  const restart = useCallback(async () => {
    if (store) await del(key, store).catch(() => undefined);
    await begin();
  }, [key, begin]);

  return { view, answer, restart, skipTo, askBot };
}

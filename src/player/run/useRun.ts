import { createStore, del, get, set } from 'idb-keyval';
import { useCallback, useEffect, useRef, useState } from 'react';
import {
  isRunState,
  resumeRun,
  startRun,
  type TLearnerAnswer,
  type TRunFlow,
  type TRunState,
  type TRuntimeIssue,
} from '../../shared/domain/runtime';
import { browserRunOptions, type TRunWhere, uuid } from './ports';

/** What the screen shows: the run's state (feed, what it waits for), streamed AI text, a failure. */
export type TRunView = {
  state: TRunState | null;
  busy: boolean;
  streaming: Record<string, string>;
  error?: TRuntimeIssue;
  refused?: TRuntimeIssue;
};

type Saved = { state: TRunState; revision: number; registration: string };
const store = typeof indexedDB === 'undefined' ? undefined : createStore('flowlearn-player-runs', 'runs');

/**
 * Runs a flow with the shared runtime (src/shared/domain/runtime): start, or resume the run kept in
 * IndexedDB (a refresh or a sleeping phone goes on where it was), answer, retry, restart.
 */
export function useRun(flow: (TRunFlow & { revision: number }) | null, where: TRunWhere, key: string) {
  const [view, setView] = useState<TRunView>({ state: null, busy: true, streaming: {} });
  const registration = useRef('');
  const whereRef = useRef(where);
  whereRef.current = where;

  const options = useCallback(
    () =>
      browserRunOptions(whereRef.current, registration.current, (nodeId, text) =>
        setView((v) => ({
          ...v,
          streaming: { ...v.streaming, [nodeId]: (v.streaming[nodeId] ?? '') + text },
        })),
      ),
    [],
  );

  const keep = useCallback(
    async (state: TRunState) => {
      if (!store || !flow) return;
      await set(
        key,
        { state, revision: flow.revision, registration: registration.current } satisfies Saved,
        store,
      ).catch(() => undefined);
    },
    [flow, key],
  );

  const begin = useCallback(async () => {
    if (!flow) return;
    registration.current = uuid();
    setView({ state: null, busy: true, streaming: {} });
    const r = await startRun(flow, options());
    await keep(r.state);
    setView((v) => ({ state: r.state, busy: false, streaming: v.streaming, error: r.error }));
  }, [flow, keep, options]);

  useEffect(() => {
    if (!flow) return;
    let cancelled = false;
    void (async () => {
      const saved = store ? await get<Saved>(key, store).catch(() => undefined) : undefined;
      if (cancelled) return;
      if (saved && saved.revision === flow.revision && isRunState(saved.state)) {
        registration.current = saved.registration;
        setView({ state: saved.state, busy: false, streaming: {}, error: saved.state.error });
      } else await begin();
    })();
    return () => {
      cancelled = true;
    };
  }, [flow, key, begin]);

  const answer = useCallback(
    async (a: TLearnerAnswer) => {
      const current = view.state;
      if (!flow || !current || view.busy) return;
      setView((v) => ({ ...v, busy: true, streaming: {}, refused: undefined }));
      const r = await resumeRun(flow, current, a, options());
      if (!r.refused) await keep(r.state);
      // Streamed AI answers stay on screen until the next answer.
      setView((v) => ({
        state: r.state,
        busy: false,
        streaming: v.streaming,
        error: r.error,
        refused: r.refused,
      }));
    },
    [flow, view.state, view.busy, keep, options],
  );

  const restart = useCallback(async () => {
    if (store) await del(key, store).catch(() => undefined);
    await begin();
  }, [key, begin]);

  return { view, answer, restart };
}

import { useCallback, useEffect, useRef, useState } from 'react';
import { ApiError } from '../../shared/api/http';

export type TLoad<T> =
  | { status: 'loading' }
  | { status: 'ok'; data: T }
  | { status: 'error'; code: 'signIn' | 'forbidden' | 'notFound' | 'offline' | 'failed'; message?: string };

const codeOf = (e: unknown): Extract<TLoad<never>, { status: 'error' }>['code'] => {
  if (!(e instanceof ApiError)) return 'failed';
  if (e.status === 401) return 'signIn';
  if (e.status === 403) return 'forbidden';
  if (e.status === 404) return 'notFound';
  if (e.kind === 'network' || e.kind === 'offline') return 'offline';
  return 'failed';
};

/** Loads once per `key`; `reload` runs it again (after signing in). */
export function useLoad<T>(load: () => Promise<T>, key: string) {
  const [state, setState] = useState<TLoad<T>>({ status: 'loading' });
  const loader = useRef(load);
  loader.current = load;
  const run = useCallback(() => {
    setState({ status: 'loading' });
    loader.current().then(
      (data) => setState({ status: 'ok', data }),
      (e) =>
        setState({ status: 'error', code: codeOf(e), message: e instanceof Error ? e.message : undefined }),
    );
  }, []);
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new key loads again
  useEffect(run, [run, key]);
  return { state, reload: run };
}

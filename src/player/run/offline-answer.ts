import { useEffect, useRef } from 'react';
import type { TRuntimeIssue } from '../../shared/domain/runtime';

/**
 * What a port's failure looks like when the phone has no network: the player's ports name it
 * `network` (ports.ts), the shared transport `network` or `offline`; a bare fetch failure is a
 * TypeError. Such a failure is not the learner's or the flow's: the answer waits on the phone and is
 * answered again when the network is back, instead of ending the run.
 */
const OFFLINE_DETAILS = new Set(['network', 'offline', 'TypeError']);

export const isOfflineFailure = (error: TRuntimeIssue | undefined): boolean =>
  error !== undefined && error.severity === 'error' && OFFLINE_DETAILS.has(error.detail ?? '');

/** How often a waiting answer is tried again even without an `online` event (a flaky Wi-Fi sends none). */
export const RETRY_WAITING_MS = 15_000;

/** Calls `retry` when the browser says it is online again and every RETRY_WAITING_MS while `waiting`. */
export function useRetryWhenOnline(waiting: boolean, retry: () => void): void {
  const latest = useRef(retry);
  latest.current = retry;
  useEffect(() => {
    if (!waiting) return;
    const again = () => latest.current();
    window.addEventListener('online', again);
    const timer = setInterval(again, RETRY_WAITING_MS);
    return () => {
      window.removeEventListener('online', again);
      clearInterval(timer);
    };
  }, [waiting]);
}

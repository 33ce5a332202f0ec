import { useSyncExternalStore } from 'react';
import type { TLiveScore } from '../../shared/contract/live';

/**
 * The phone's own points and rank per assignment, as the lesson's stream last sent them (after any
 * answer in the class changed them). Kept here rather than passed down the run's screens: the stream
 * is followed in useLiveLesson, the score is shown in the live banner, nothing in between needs it.
 */
const scores = new Map<string, TLiveScore>();
const listeners = new Set<() => void>();

export function setLiveScore(assignmentId: string, score: TLiveScore | null): void {
  if (score) scores.set(assignmentId, score);
  else scores.delete(assignmentId);
  for (const listener of listeners) listener();
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
};

export function useLiveScore(assignmentId: string): TLiveScore | null {
  return useSyncExternalStore(subscribe, () => scores.get(assignmentId) ?? null);
}

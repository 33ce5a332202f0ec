import { ApiError, api, apiUrl, authHeaders } from '../../shared/api/http';
import { readSseData } from '../../shared/api/sse';
import type { TLiveAnswerRequest, TLiveEvent, TLiveScore, TLiveState } from '../../shared/contract/live';

/**
 * The phone's side of a live lesson (src/shared/contract/live.ts, the learner's routes). Typed, not
 * parsed with zod, like the rest of the player (player.api.ts); the server validates every request.
 */
const base = (assignmentId: string) => `player/assignment/${assignmentId}/live`;

export const playerLiveApi = {
  /** The assignment's open lesson, or null. */
  current: (assignmentId: string) =>
    api.get(base(assignmentId), { quiet: true }) as Promise<{ data: TLiveState | null }>,
  join: (assignmentId: string) =>
    api.post(`${base(assignmentId)}/join`, {}, { quiet: true }) as Promise<{ data: TLiveState }>,
  score: (assignmentId: string) =>
    api.get(`${base(assignmentId)}/score`, { quiet: true }) as Promise<{ data: TLiveScore }>,
  answer: (assignmentId: string, body: TLiveAnswerRequest) =>
    api.post(`${base(assignmentId)}/answers`, body, { quiet: true }) as Promise<{ data: { step: number } }>,

  /**
   * The lesson's state events until it ends (resolves) or the connection drops (rejects); with points
   * on, also the learner's own score each time an answer in the class changed it.
   */
  async follow(
    assignmentId: string,
    onState: (s: TLiveState) => void,
    signal: AbortSignal,
    onScore?: (s: TLiveScore) => void,
  ): Promise<void> {
    const res = await fetch(apiUrl(`${base(assignmentId)}/events`), {
      headers: { Accept: 'text/event-stream', ...(await authHeaders()) },
      signal,
      credentials: 'same-origin',
    });
    if (!res.ok || !res.body) throw new ApiError('http', `live events: ${res.status}`, res.status);
    for await (const data of readSseData(res.body)) {
      const event = data as TLiveEvent;
      if (event?.type === 'state' && event.state) onState(event.state);
      else if (event?.type === 'score' && event.score) onScore?.(event.score);
    }
  },
};

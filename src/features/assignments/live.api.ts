import { api, apiUrl, authHeaders } from '../../shared/api/http';
import { readSseData } from '../../shared/api/sse';
import {
  type TLiveAction,
  type TLiveEvent,
  type TLiveStartRequest,
  ZLiveEvent,
  ZLiveLeaderboardResponse,
  ZLiveMaybeStateResponse,
  ZLiveResultsResponse,
  ZLiveStateResponse,
} from '../../shared/contract/live';

/** The teacher's side of a live lesson (src/shared/contract/live.ts): the only IO of the live screen. */
export const liveApi = {
  start: (assignmentId: string, options: TLiveStartRequest = {}) =>
    api.post(`assignment/${assignmentId}/live`, options, { schema: ZLiveStateResponse }),
  current: (assignmentId: string) =>
    api.get(`assignment/${assignmentId}/live`, { schema: ZLiveMaybeStateResponse, quiet: true }),
  control: (assignmentId: string, action: TLiveAction) =>
    api.post(`assignment/${assignmentId}/live/control`, { action }, { schema: ZLiveStateResponse }),
  results: (assignmentId: string, step: number) =>
    api.get(`assignment/${assignmentId}/live/results`, {
      query: { step },
      schema: ZLiveResultsResponse,
      quiet: true,
    }),
  leaderboard: (assignmentId: string) =>
    api.get(`assignment/${assignmentId}/live/leaderboard`, { schema: ZLiveLeaderboardResponse, quiet: true }),

  /**
   * The session's events until it ends (resolves) or the connection drops (rejects), each checked
   * against the contract; the first is always the current state.
   */
  async follow(assignmentId: string, onEvent: (e: TLiveEvent) => void, signal: AbortSignal): Promise<void> {
    const res = await fetch(apiUrl(`assignment/${assignmentId}/live/events`), {
      headers: { Accept: 'text/event-stream', ...(await authHeaders()) },
      signal,
      credentials: 'same-origin',
    });
    if (!res.ok || !res.body) throw new Error(`live events: ${res.status}`);
    for await (const data of readSseData(res.body)) {
      const event = ZLiveEvent.safeParse(data);
      if (event.success) onEvent(event.data);
    }
  },
};

import { ApiError, api } from '../shared/api/http';
import type { ZJoinedAssignment } from '../shared/contract/assignments';

type TJoinedAssignment = import('zod').infer<typeof ZJoinedAssignment>;

import type {
  TPlayerAiLine,
  TPlayerAiRequest,
  TPlayerAssignment,
  TPlayerFlow,
} from '../shared/contract/player';
import type { TPlayerBlockRequest, TPlayerBlockResult } from '../shared/contract/player-blocks';
import type { TJoinLookup } from '../shared/contract/player-guest';
import type { TPlayerMediaRequest } from '../shared/contract/player-media';
import { ndjsonLines } from './ndjson';
import { getAccessToken } from './session';

/** Where the learner is: an assignment they joined, or a public access link (no account). */
export type TTarget = { kind: 'assignment'; id: string } | { kind: 'public'; code: string };

export const base = (t: TTarget) =>
  t.kind === 'assignment' ? `player/assignment/${t.id}` : `player/public/${encodeURIComponent(t.code)}`;
const anonymous = (t: TTarget) => t.kind === 'public';

/**
 * The player's only IO (src/shared/contract/player.ts). Calls are quiet: screens show their own text.
 * Answers are typed, not parsed with the contract's zod schemas: zod would more than double the
 * player's entry on a cheap phone; the server validates every request with them.
 */
const as = <T>(p: Promise<unknown>) => p as Promise<T>;
export const playerApi = {
  /** What the join screen needs before asking for an account (public). */
  lookup: (code: string) =>
    as<{ data: TJoinLookup }>(
      api.get(`player/join/${encodeURIComponent(code)}`, { quiet: true, anonymous: true }),
    ),
  join: (code: string) =>
    as<{ data: TJoinedAssignment }>(api.post('assignment/join', { code }, { quiet: true })),
  assignment: (t: TTarget) =>
    as<{ data: TPlayerAssignment }>(api.get(base(t), { quiet: true, anonymous: anonymous(t) })),
  flow: (t: TTarget, flowId: string) =>
    as<{ data: TPlayerFlow }>(api.get(`${base(t)}/flow/${flowId}`, { quiet: true, anonymous: anonymous(t) })),
  sharedFlow: (id: string) =>
    as<{ data: TPlayerFlow }>(api.get(`player/share/flow/${id}`, { quiet: true, anonymous: true })),
  statements: (t: TTarget, flowId: string, statements: unknown[], learner?: { id: string; name?: string }) =>
    as<{ ids: string[]; counted: number }>(
      api.post(
        `${base(t)}/flow/${flowId}/statements`,
        { statements, ...(learner ? { learner } : {}) },
        { quiet: true, anonymous: anonymous(t) },
      ),
    ),
  /** collaborative: the assignment's shared journal of that name instead of the learner's own. */
  journal: (id: string, name: string, collaborative = false) =>
    as<{ data: { name: string; content: string; updatedAt: string } | null }>(
      api.get(`player/assignment/${id}/journal`, {
        query: collaborative ? { name, collaborative: true } : { name },
        quiet: true,
      }),
    ),
  writeJournal: (
    id: string,
    flowId: string,
    body: { name: string; content: string; nodeId: string; nodeType: string; collaborative?: boolean },
  ) => api.put(`player/assignment/${id}/flow/${flowId}/journal`, body, { quiet: true }),
  updateJournal: (
    id: string,
    body: { name: string; content: string; mode: 'append' | 'replace'; collaborative?: boolean },
  ) => as<{ updated: boolean }>(api.post(`player/assignment/${id}/journal/update`, body, { quiet: true })),
  /** A block the server runs (API Call, Web Search, Web Crawler): runtime server-blocks.ts. */
  block: (t: TTarget, flowId: string, req: TPlayerBlockRequest) =>
    as<{ data: TPlayerBlockResult }>(
      api.post(`${base(t)}/flow/${flowId}/block`, req, { quiet: true, anonymous: anonymous(t) }),
    ),

  /** A media block's call (speech, transcription, image, vision…): one JSON answer. */
  media: (t: TTarget, flowId: string, body: TPlayerMediaRequest) =>
    as<{ data: unknown }>(
      api.post(`${base(t)}/flow/${flowId}/media`, body, { quiet: true, anonymous: anonymous(t) }),
    ),

  /** Streams an AI answer line by line (NDJSON); a refusal before the stream is an ApiError. */
  async *ai(
    t: TTarget,
    flowId: string,
    req: TPlayerAiRequest,
    signal?: AbortSignal,
  ): AsyncGenerator<TPlayerAiLine> {
    const headers: Record<string, string> = { 'Content-Type': 'application/json' };
    if (!anonymous(t)) {
      const token = await getAccessToken();
      if (token) headers.Authorization = `Bearer ${token}`;
    }
    const res = await fetch(`/api/${base(t)}/flow/${flowId}/ai`, {
      method: 'POST',
      headers,
      body: JSON.stringify(req),
      signal,
    });
    if (!res.ok || !res.body) {
      const body = await res.json().catch(() => ({}));
      throw new ApiError(
        'http',
        body.message ?? `Stream request failed ${res.status}`,
        res.status,
        body.errorCode,
      );
    }
    yield* ndjsonLines<TPlayerAiLine>(res.body);
  },
};

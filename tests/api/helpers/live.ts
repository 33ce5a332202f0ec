import { expect } from 'vitest';
import type { TLiveEvent } from '../../../src/shared/contract/live';
import type { TestApp } from '../harness';
import { insertFlow } from '../tools-fixtures';
import { type AssignmentWorld, createAssignment } from './assignment-world';

/** The teacher's live routes of an assignment, and the phone's. */
export const liveUrl = (id: string) => `/api/assignment/${id}/live`;
export const learnerLiveUrl = (id: string) => `/api/player/assignment/${id}/live`;

/**
 * A live stream read as it comes: `next(match)` waits for the next event that matches (pings skipped),
 * failing after `ms`; `close()` hangs up as a phone losing its network does.
 */
export function liveReader(res: Response, ms = 5000) {
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toContain('text/event-stream');
  const reader = (res.body as ReadableStream<Uint8Array>).getReader();
  const decoder = new TextDecoder();
  const queue: Array<TLiveEvent | 'DONE'> = [];
  let buffer = '';
  const pull = async () => {
    const { value, done } = await reader.read();
    if (done) throw new Error('stream ended');
    buffer += decoder.decode(value, { stream: true });
    let cut = buffer.indexOf('\n\n');
    while (cut >= 0) {
      const data = buffer.slice(0, cut).replace(/^data: /, '');
      buffer = buffer.slice(cut + 2);
      queue.push(data === '[DONE]' ? 'DONE' : (JSON.parse(data) as TLiveEvent));
      cut = buffer.indexOf('\n\n');
    }
  };
  return {
    async next(match: (e: TLiveEvent | 'DONE') => boolean = (e) => e !== 'DONE' && e.type !== 'ping') {
      const deadline = Date.now() + ms;
      for (;;) {
        const at = queue.findIndex(match);
        if (at >= 0) return queue.splice(0, at + 1)[at];
        const left = deadline - Date.now();
        if (left <= 0)
          throw new Error(`no matching live event within ${ms} ms; had ${JSON.stringify(queue)}`);
        await Promise.race([pull(), new Promise((r) => setTimeout(r, left))]);
      }
    },
    close: () => reader.cancel().catch(() => undefined),
  };
}

/** Opens a live stream (teacher's or learner's) over the app. */
export const openLive = (t: TestApp, path: string, token: string, orgId?: string) =>
  Promise.resolve(
    t.app.request(path, {
      headers: { Authorization: `Bearer ${token}`, Accept: 'text/event-stream', ...(orgId ? { orgId } : {}) },
    }),
  );

/** An organisation assignment on a four-block flow (three steps after its start), the participant joined. */
export async function liveAssignment(w: AssignmentWorld) {
  const flow = await insertFlow(w.t, {
    ownerId: w.users.owner.id,
    orgId: w.org,
    name: 'Live quiz',
    nodeTypes: ['beginNode', 'quizJsonNode', 'quizJsonNode', 'quizJsonNode'],
  });
  const a = await createAssignment(w, { flowIds: [flow] });
  const joined = await w.t.call('POST', '/api/assignment/join', {
    token: w.users.participant.token,
    orgId: w.org,
    body: { code: a.code },
  });
  expect(joined.status, JSON.stringify(joined.body)).toBe(200);
  return { ...a, flowId: flow };
}

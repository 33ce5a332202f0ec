import { describe, expect, it } from 'vitest';
import {
  afterSent,
  counts,
  decide,
  discard,
  enqueue,
  entryOf,
  markFailed,
  matchOutboxRoute,
  mergeBodies,
  nextToSend,
  ordered,
  summarize,
  type TOutboxItem,
} from '../../src/shared/outbox';

const FLOW_A = 'a'.repeat(24);
const FLOW_B = 'b'.repeat(24);
// A JWT whose payload is { sub: 'u1', exp: 4102444800 }; the signature is never checked here.
const TOKEN = `x.${btoa(JSON.stringify({ sub: 'u1', exp: 4102444800 }))}.y`;

let clock = 1000;
function save(flowId: string, body: Record<string, unknown>, extra: Record<string, string> = {}) {
  const url = `http://x/api/flows/${flowId}`;
  const matched = matchOutboxRoute('PUT', new URL(url).pathname);
  if (!matched) throw new Error('flow save is an outbox route');
  clock += 10;
  return entryOf(
    {
      id: `id-${clock}`,
      method: 'PUT',
      url,
      headers: {
        Authorization: `Bearer ${TOKEN}`,
        'Content-Type': 'application/json',
        orgId: 'org1',
        ...extra,
      },
      body: JSON.stringify(body),
      now: clock,
    },
    matched,
  );
}

function queue(...writes: ReturnType<typeof save>[]): TOutboxItem[] {
  let items: TOutboxItem[] = [];
  for (const w of writes) items = enqueue(items, w, new Set(), 'revision').items;
  return items;
}

const bodyOf = (i: TOutboxItem) => JSON.parse(i.body ?? 'null');

describe('[OFFLINE] outbox entries', () => {
  it('matches flow saves only, and keeps no Authorization header', () => {
    expect(matchOutboxRoute('PUT', `/api/flows/${FLOW_A}`)?.key).toBe(`flow:${FLOW_A}`);
    expect(matchOutboxRoute('GET', `/api/flows/${FLOW_A}`)).toBeNull();
    expect(matchOutboxRoute('PUT', `/api/flows/${FLOW_A}/export`)).toBeNull();
    const e = save(FLOW_A, { name: ' Water ', revision: 3 });
    expect(Object.keys(e.headers).map((k) => k.toLowerCase())).not.toContain('authorization');
    expect(e).toMatchObject({ orgId: 'org1', userId: 'u1', flowId: FLOW_A, baseRevision: 3, label: 'Water' });
  });
});

describe('[OFFLINE] outbox ordering and merging', () => {
  it('keeps writes in the order they were made', () => {
    const items = queue(save(FLOW_A, { revision: 1 }), save(FLOW_B, { revision: 7 }));
    expect(ordered(items).map((i) => i.flowId)).toEqual([FLOW_A, FLOW_B]);
    expect(nextToSend(items)?.flowId).toBe(FLOW_A);
  });

  it('merges a later save of the same flow into the earlier one, keeping its base revision and place', () => {
    const items = queue(
      save(FLOW_A, { name: 'One', nodes: [1], revision: 4 }),
      save(FLOW_B, { revision: 9 }),
      save(FLOW_A, { name: 'Two', revision: 4 }),
      save(FLOW_A, { nodes: [1, 2], revision: 5 }),
    );
    expect(items).toHaveLength(2);
    const a = ordered(items)[0];
    expect(a.flowId).toBe(FLOW_A);
    expect(bodyOf(a)).toEqual({ name: 'Two', nodes: [1, 2], revision: 4 });
    expect(a.baseRevision).toBe(4);
    expect(a.label).toBe('Two');
    expect(mergeBodies('not json', '{"a":1}', 'revision')).toBe('{"a":1}');
  });

  it('never merges into a write on the wire or one that failed', () => {
    const first = queue(save(FLOW_A, { name: 'One', revision: 1 }));
    const sending = enqueue(
      first,
      save(FLOW_A, { name: 'Two', revision: 1 }),
      new Set([first[0].id]),
      'revision',
    );
    expect(sending.merged).toBe(false);
    expect(sending.items).toHaveLength(2);
    const failed = markFailed(first, first[0].id, { status: 409, body: {}, at: 1 });
    const after = enqueue(failed, save(FLOW_A, { name: 'Three', revision: 2 }), new Set(), 'revision');
    expect(after.merged).toBe(false);
    expect(bodyOf(after.items[0]).name).toBe('One');
    expect(after.items[1].baseRevision).toBe(2);
  });
});

describe('[OFFLINE] outbox replay rules', () => {
  it('removes a write answered 2xx and moves later writes of that flow onto the new revision', () => {
    const first = queue(save(FLOW_A, { name: 'One', revision: 1 }));
    const second = enqueue(
      first,
      save(FLOW_A, { name: 'Two', revision: 1 }),
      new Set([first[0].id]),
      'revision',
    );
    expect(decide(200)).toBe('sent');
    expect(decide(204)).toBe('sent');
    const left = afterSent(second.items, first[0].id, 2, 'revision');
    expect(left).toHaveLength(1);
    expect(left[0].baseRevision).toBe(2);
    expect(bodyOf(left[0])).toEqual({ name: 'Two', revision: 2 });
  });

  it('keeps a write refused with 409 or 400, marked, and sends the ones after it', () => {
    expect(decide(409)).toBe('failed');
    expect(decide(400)).toBe('failed');
    expect(decide(404)).toBe('failed');
    const items = queue(save(FLOW_A, { revision: 1 }), save(FLOW_B, { revision: 1 }));
    const marked = markFailed(items, items[0].id, { status: 409, body: { details: { current: {} } }, at: 5 });
    expect(marked).toHaveLength(2);
    expect(counts(marked)).toEqual({ size: 2, failed: 1 });
    expect(nextToSend(marked)?.flowId).toBe(FLOW_B);
    expect(summarize(marked[0]).failed?.status).toBe(409);
    expect('body' in summarize(marked[0])).toBe(false);
    expect(discard(marked, items[0].id)).toHaveLength(1);
  });

  it('stops on a network error or a server that is not there, and renews the token on 401', () => {
    expect(decide(null)).toBe('stop');
    expect(decide(503)).toBe('stop');
    expect(decide(429)).toBe('stop');
    expect(decide(401)).toBe('reauth');
    const items = queue(save(FLOW_A, { revision: 1 }));
    // A stopped replay changes nothing: the write is still first in line.
    expect(nextToSend(items)?.id).toBe(items[0].id);
    expect(nextToSend(items, new Set([items[0].id]))).toBeUndefined();
  });
});

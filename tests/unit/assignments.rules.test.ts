import { describe, expect, it } from 'vitest';
import {
  assignmentStatus,
  embedCode,
  joinLink,
  publicLink,
  stripJoinCode,
  ZJoinCode,
} from '../../src/shared/contract/assignments';
import { enqueue, type TNewItem } from '../../src/shared/outbox/queue';
import { matchOutboxRoute } from '../../src/shared/outbox/routes';

const A = 'abcdefabcdefabcdefabcdef';
const now = new Date('2026-06-01T12:00:00Z');
const h = (n: number) => new Date(now.getTime() + n * 3600_000);

describe('[ASSIGNMENTS] status from dates and the pause flag (spec 02 §4)', () => {
  it('is completed once ended, not started before its start, else paused or running', () => {
    expect(assignmentStatus({ startDate: h(-1), endDate: null, isPaused: false }, now)).toBe('running');
    expect(assignmentStatus({ startDate: h(-1), endDate: h(1), isPaused: true }, now)).toBe('paused');
    expect(assignmentStatus({ startDate: h(-2), endDate: h(-1), isPaused: true }, now)).toBe('completed');
    expect(assignmentStatus({ startDate: h(-2), endDate: now, isPaused: false }, now)).toBe('completed');
    expect(assignmentStatus({ startDate: h(1), endDate: null, isPaused: false }, now)).toBe('not started');
  });
});

describe('[ASSIGNMENTS] join codes and links', () => {
  it('keeps letters and digits only, at least 3', () => {
    expect(stripJoinCode(' Ma-th 7B!ไทย')).toBe('Math7B');
    expect(ZJoinCode.safeParse('ab').success).toBe(false);
    expect(ZJoinCode.safeParse('ab_c').success).toBe(false);
    expect(ZJoinCode.safeParse('ab\u0000c').success).toBe(false);
    expect(ZJoinCode.safeParse('Abc').success).toBe(true);
  });
  it('builds the viewer links and the embed code of spec 02 §9', () => {
    expect(joinLink('https://x.test', 'ABC123')).toBe(
      'https://x.test/viewer/assignments/join-assignment/ABC123',
    );
    expect(publicLink('https://x.test', 'k9')).toBe('https://x.test/viewer/public-assignment/k9');
    expect(embedCode('https://x.test/p')).toMatch(
      /^<iframe src="https:\/\/x.test\/p" width="100%" height="600"/,
    );
  });
});

describe('[ASSIGNMENTS] assignment edits in the outbox', () => {
  it('queues edits and pauses apart, and merges later edits of one assignment', () => {
    expect(matchOutboxRoute('PUT', `/api/assignment/${A}`)?.key).toBe(`assignment:${A}`);
    expect(matchOutboxRoute('PUT', `/api/assignment/${A}/toggle-pause`)?.key).toBe(`assignment-pause:${A}`);
    expect(matchOutboxRoute('DELETE', `/api/assignment/${A}`)).toBeNull();
    expect(matchOutboxRoute('PUT', '/api/assignment/check-code/x')).toBeNull();
    const pause = matchOutboxRoute('PUT', `/api/assignment/${A}/toggle-pause`);
    expect(pause?.route.readUrl?.(`http://h/api/assignment/${A}/toggle-pause`)).toBe(
      `http://h/api/assignment/${A}`,
    );

    const item = (id: string, body: unknown): TNewItem => ({
      id,
      route: 'assignment-edit',
      key: `assignment:${A}`,
      method: 'PUT',
      url: `/api/assignment/${A}`,
      headers: {},
      body: JSON.stringify(body),
      orgId: null,
      userId: null,
      createdAt: 1,
      updatedAt: 1,
    });
    const first = enqueue([], item('1', { name: 'New name' }));
    const second = enqueue(first.items, item('2', { isLocked: true }));
    expect(second.merged).toBe(true);
    expect(second.items).toHaveLength(1);
    expect(JSON.parse(second.item.body ?? '')).toEqual({ name: 'New name', isLocked: true });
  });
});

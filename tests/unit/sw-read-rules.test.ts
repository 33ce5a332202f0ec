import { describe, expect, it } from 'vitest';
import { SAVED_AT_HEADER } from '../../src/shared/outbox/protocol';
import { isApiRead, savedAtOf, stampSavedAt } from '../../sw/read-rules';

const ID = 'a'.repeat(24);

describe('[OFFLINE] reports seen once open offline as saved copies', () => {
  it('the worker keeps the report routes and the journal read, not the code check', () => {
    for (const report of [
      'report-v2',
      'journal-report',
      'collaborative-journal-report',
      'latest-activities',
      'line-chart',
      'top-activities',
      'lrs-dashboard',
    ])
      expect(isApiRead(`/api/assignment/${ID}/${report}`), report).toBe(true);
    expect(isApiRead(`/api/journal/${ID}`)).toBe(true);
    expect(isApiRead(`/api/journal/${ID}/extra`)).toBe(false);
    expect(isApiRead('/api/assignment/check-code/ABC123')).toBe(false);
  });

  it('a kept answer carries the time it was saved; an older copy falls back to the server Date', async () => {
    const now = new Date('2026-11-25T09:30:00Z');
    const kept = stampSavedAt(new Response('{"ok":1}', { status: 200, headers: { 'X-A': '1' } }), now);
    expect(kept.headers.get(SAVED_AT_HEADER)).toBe('2026-11-25T09:30:00.000Z');
    expect(kept.headers.get('X-A')).toBe('1');
    expect(await kept.json()).toEqual({ ok: 1 });
    expect(savedAtOf(kept.headers)).toBe('2026-11-25T09:30:00.000Z');
    expect(savedAtOf(new Headers({ Date: 'Tue, 24 Nov 2026 08:00:00 GMT' }))).toBe(
      '2026-11-24T08:00:00.000Z',
    );
    expect(savedAtOf(new Headers())).toBeNull();
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { APP_START_MS, createTestApp, type TestApp } from './harness';
import { type AssignmentWorld, buildAssignmentWorld, createAssignment } from './helpers/assignment-world';

let t: TestApp;
let w: AssignmentWorld;
let id: string;

beforeAll(async () => {
  t = await createTestApp();
  w = await buildAssignmentWorld(t);
  id = (await createAssignment(w))._id;
}, APP_START_MS);
afterAll(() => t.close());

const NUL = 'a\u0000b';
const deep = (n: number): unknown => (n === 0 ? 'x' : { a: deep(n - 1) });
/** Values that are wrong in every field: NUL, wrong types, deep nesting, huge and odd strings. */
const BAD: unknown[] = [
  NUL,
  42,
  true,
  null,
  [],
  {},
  deep(200),
  'x'.repeat(10_000),
  '%',
  '0000-01-01T00:00:00Z',
  ['a', NUL],
];

describe('[ASSIGNMENTS] malformed input never answers 5xx', () => {
  it('walks every body field, query and path of the assignment routes', async () => {
    const failures: string[] = [];
    const call = async (method: string, path: string, body?: unknown) => {
      const res = await t.call(method, path, { token: w.users.owner.token, orgId: w.org, body });
      if (res.status >= 500)
        failures.push(`${method} ${path} ${JSON.stringify(body)?.slice(0, 80)} → ${res.status}`);
    };
    const bodies: Array<[string, string, string[]]> = [
      [
        'POST',
        '/api/assignment',
        ['name', 'description', 'type', 'flowIds', 'unitUsageOption', 'endDate', 'startDate', 'iconUrl'],
      ],
      [
        'PUT',
        `/api/assignment/${id}`,
        ['name', 'code', 'isLocked', 'flowIds', 'endDate', 'startDate', 'unitUsageOption', 'signInRequired'],
      ],
      ['PUT', `/api/assignment/${id}/toggle-pause`, ['isPaused']],
      ['POST', '/api/assignment/generate-name-description', ['flows']],
      ['POST', '/api/assignment/join', ['code']],
      ['DELETE', `/api/assignment/${id}/participants`, ['participants']],
      ['POST', `/api/assignment/${id}/co-owners`, ['coOwnerEmails']],
      ['POST', `/api/assignment/${id}/access-link`, ['orgId']],
    ];
    for (const [method, path, fields] of bodies) {
      for (const field of fields) for (const value of BAD) await call(method, path, { [field]: value });
      for (const value of BAD) await call(method, path, value);
    }
    const texts = [NUL, '%00', '%ZZ', 'x'.repeat(3000), '..', "'; drop table assignments; --"];
    for (const text of texts) {
      const q = encodeURIComponent(text);
      await call('GET', `/api/assignment?keyword=${q}&limit=${q}&sortBy=${q}&status=${q}`);
      await call('GET', `/api/assignment/check-code/${q}`);
      await call('GET', `/api/assignment/access-link/${q}`);
      await call('GET', `/api/assignment/${q}`);
      await call('GET', `/api/assignment/${id}/participants?search=${q}`);
      await call('DELETE', `/api/assignment/${id}/co-owners/${q}`);
    }
    expect(failures).toEqual([]);
    // The assignment survived it all.
    expect(
      (await t.call('GET', `/api/assignment/${id}`, { token: w.users.owner.token, orgId: w.org })).status,
    ).toBe(200);
  }, 120_000);
});

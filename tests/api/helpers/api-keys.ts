import { expect } from 'vitest';
import type { TestApp } from '../harness';
import { makeOrg, makeUser, type TestUser } from './users';

/** School: head (admin), dev and other (members); Elsewhere: outsider (admin). */
export interface KeyWorld {
  t: TestApp;
  head: TestUser;
  dev: TestUser;
  other: TestUser;
  outsider: TestUser;
  school: string;
  elsewhere: string;
}

export async function buildKeyWorld(t: TestApp): Promise<KeyWorld> {
  const head = await makeUser(t, 'head@school.test', 'Hana Head');
  const dev = await makeUser(t, 'dev@school.test', 'Dev Eloper');
  const other = await makeUser(t, 'other@school.test');
  const outsider = await makeUser(t, 'outsider@elsewhere.test');
  const school = await makeOrg(t, 'School', head, [dev, other]);
  const elsewhere = await makeOrg(t, 'Elsewhere', outsider);
  return { t, head, dev, other, outsider, school, elsewhere };
}

/** Creates a key through the API (201 expected); answers its id and one-time secret. */
export async function createKey(t: TestApp, who: TestUser, name: string, orgId?: string) {
  const res = await t.call('POST', '/api/api-keys', { token: who.token, orgId, body: { name } });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return { id: res.body.data._id as string, secret: res.body.data.apiKey as string, body: res.body };
}

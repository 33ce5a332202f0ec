import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createTestApp, type TestApp } from '../harness';
import { makeOrg, makeUser, type TestUser } from './users';

/** A test app whose files (xAPI attachments) go to a fresh temp folder, removed on close. */
export async function createLrsTestApp(
  overrides: Parameters<typeof createTestApp>[0] = {},
): Promise<TestApp> {
  const dir = mkdtempSync(join(tmpdir(), 'flowlearn-lrs-'));
  const t = await createTestApp({ DATA_DIR: dir, ...overrides });
  return { ...t, close: () => t.close().finally(() => rmSync(dir, { recursive: true, force: true })) };
}

export interface XapiAnswer {
  status: number;
  // biome-ignore lint/suspicious/noExplicitAny: tests read xAPI answers of every shape
  body: any;
  text: string;
  headers: Headers;
}

/** An xAPI client of one space: Basic credentials made through the app's own route. */
export interface XapiClient {
  key: string;
  secret: string;
  auth: string;
  call(
    method: string,
    path: string,
    opts?: { body?: unknown; raw?: BodyInit; headers?: Record<string, string>; version?: string | null },
  ): Promise<XapiAnswer>;
}

export async function xapiClient(
  t: TestApp,
  user: TestUser,
  orgId?: string,
  name = 'Test LRS key',
): Promise<XapiClient> {
  const res = await t.call('POST', '/api/lrs/credentials', { token: user.token, orgId, body: { name } });
  if (res.status !== 201) throw new Error(`credentials: ${res.status} ${JSON.stringify(res.body)}`);
  const { key, secret } = res.body as { key: string; secret: string };
  const auth = `Basic ${Buffer.from(`${key}:${secret}`).toString('base64')}`;
  return {
    key,
    secret,
    auth,
    async call(method, path, opts = {}) {
      const headers: Record<string, string> = { Authorization: auth, ...opts.headers };
      const version = opts.version === undefined ? '2.0.0' : opts.version;
      if (version !== null) headers['X-Experience-API-Version'] = version;
      let body = opts.raw;
      if (opts.body !== undefined) {
        headers['Content-Type'] ??= 'application/json';
        body = JSON.stringify(opts.body);
      }
      const res = await t.app.request(path, { method, headers, body });
      const text = await res.text();
      let parsed: unknown = text;
      try {
        parsed = text ? JSON.parse(text) : null;
      } catch {
        // not JSON
      }
      return { status: res.status, body: parsed, text, headers: res.headers };
    },
  };
}

/** A user with a personal-space client and an organisation (admin) with its own client. */
export async function lrsWorld(t: TestApp) {
  const admin = await makeUser(t, `admin-${Math.random().toString(36).slice(2)}@school.test`, 'Ada Admin');
  const orgId = await makeOrg(t, 'School', admin);
  return { admin, orgId, org: await xapiClient(t, admin, orgId), personal: await xapiClient(t, admin) };
}

let counter = 0;
/** A valid statement; `over` replaces top-level properties. */
export function statement(over: Record<string, unknown> = {}): Record<string, unknown> {
  counter++;
  return {
    actor: {
      objectType: 'Agent',
      name: `Learner ${counter}`,
      mbox: `mailto:learner${counter % 5}@school.test`,
    },
    verb: { id: 'http://adlnet.gov/expapi/verbs/completed', display: { 'en-GB': 'completed' } },
    object: {
      objectType: 'Activity',
      id: `https://flowlearn.test/activities/${counter % 3}`,
      definition: { name: { 'en-GB': `Lesson ${counter % 3}` } },
    },
    ...over,
  };
}

export const uuid = () => crypto.randomUUID();

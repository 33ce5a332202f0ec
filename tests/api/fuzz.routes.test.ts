import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './harness';
import { contractSchemas, type RouteSchemas, routeSchemasFromSource, sample } from './helpers/fuzz-schemas';
import { BAD_BODIES, BAD_TEXTS, BAD_VALUES, placesOf, toJson, withValue } from './helpers/fuzz-values';
import { makeOrg, makeUser, type TestUser } from './helpers/users';

/**
 * Every route of the app (read from the app's own route table, so a new route is covered without
 * editing this file) gets malformed path segments, query values and bodies from a signed-in member of
 * an organisation; no answer may be a 5xx. Bodies start from a plausible sample of the route's contract
 * schema and are broken one place at a time (NUL, 10,000-deep nesting, huge numbers, wrong types,
 * missing fields), so the malformed value reaches as far into the route as the contract lets it.
 */

interface Route {
  method: string;
  path: string;
  schemas: RouteSchemas;
}

let t: TestApp;
let user: TestUser;
let orgId: string;
let routes: Route[];
let schemas: Awaited<ReturnType<typeof contractSchemas>>;
const failures: string[] = [];
const created = new Map<string, Record<string, unknown>>();
let sent = 0;

beforeAll(async () => {
  t = await createTestApp();
  user = await makeUser(t, 'fuzz@example.com');
  orgId = await makeOrg(t, 'Fuzz School', user);
  schemas = await contractSchemas();
  const fromSource = routeSchemasFromSource();
  const seen = new Set<string>();
  routes = t.app.routes
    .filter((r) => r.method !== 'ALL' || r.path.startsWith('/xapi'))
    .flatMap((r) =>
      (r.method === 'ALL' ? ['GET', 'POST', 'PUT', 'DELETE'] : [r.method]).map((m) => ({ ...r, method: m })),
    )
    .map((r) => ({ method: r.method, path: r.path.replace('*', 'fuzz') }))
    .filter((r) => !seen.has(`${r.method} ${r.path}`) && seen.add(`${r.method} ${r.path}`))
    .map((r) => ({ ...r, schemas: fromSource.get(`${r.method} ${r.path.replace(/^\/api/, '')}`) ?? {} }))
    // destructive routes last, so the objects they remove serve the other routes first
    .sort((a, b) => rank(a) - rank(b));
}, 60_000);
afterAll(() => t?.close());

const rank = (r: Route) => (r.path.includes('logout') ? 2 : r.method === 'DELETE' ? 1 : 0);
const segmentOf = (path: string) => path.split('/')[2] ?? '';

function paramValue(route: Route, name: string): string {
  const made = created.get(segmentOf(route.path));
  const own = made?.[name] ?? (name === 'id' ? (made?._id ?? made?.id) : undefined);
  if (typeof own === 'string') return encodeURIComponent(own);
  if (/user|owner/i.test(name)) return user.id;
  return '0123456789abcdef01234567';
}

const fill = (route: Route, swap?: [string, string]) =>
  route.path.replace(/:(\w+)(\{[^}]*\})?/g, (_, name: string) =>
    swap?.[0] === name ? swap[1] : paramValue(route, name),
  );

const schemaSample = (name?: string) => {
  const schema = name ? schemas.get(name) : undefined;
  return schema ? bindIds(sample(schema)) : undefined;
};

/** `projectId`, `flowIds`… in a sample name the objects made earlier, so a body gets past its 404s. */
function idFor(key: string): string | undefined {
  if (key === 'orgId') return orgId;
  if (/^(user|owner|coOwner)s?Ids?$/i.test(key)) return user.id;
  const kind = /^(\w+?)Ids?$/.exec(key)?.[1];
  const made = kind ? [...created.entries()].find(([segment]) => segment.startsWith(kind))?.[1] : undefined;
  const id = made?._id ?? made?.id;
  return typeof id === 'string' ? id : undefined;
}

function bindIds(value: unknown, key = ''): unknown {
  if (Array.isArray(value)) return value.map((v) => bindIds(v, key));
  if (value && typeof value === 'object')
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, bindIds(v, k)]));
  return typeof value === 'string' ? (idFor(key) ?? value) : value;
}

/** The same body with every list emptied: what a create route most likely accepts as is. */
function emptied(value: unknown): unknown {
  if (Array.isArray(value)) return [];
  if (value && typeof value === 'object')
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, emptied(v)]));
  return value;
}

function queryString(values: Record<string, string>): string {
  const pairs = Object.entries(values).map(([k, v]) => `${encodeURIComponent(k)}=${v}`);
  return pairs.length ? `?${pairs.join('&')}` : '';
}

async function send(route: Route, what: string, url: string, body?: string, withOrg = true) {
  sent++;
  const headers: Record<string, string> = { Authorization: `Bearer ${user.token}` };
  if (withOrg) headers.orgId = orgId;
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  const method = route.method;
  const res = await t.app.request(url, { method, headers, body: method === 'GET' ? undefined : body });
  const text = await res.text();
  if (res.status >= 500)
    failures.push(`${method} ${route.path} [${what}] → ${res.status} ${text.slice(0, 200)}`);
  return { status: res.status, text };
}

function baseQuery(route: Route): Record<string, string> {
  const q = schemaSample(route.schemas.query);
  if (!q || typeof q !== 'object') return {};
  return Object.fromEntries(
    Object.entries(q).map(([k, v]) => [k, encodeURIComponent(typeof v === 'string' ? v : JSON.stringify(v))]),
  );
}

async function fuzzRoute(route: Route): Promise<void> {
  const url = fill(route);
  const query = baseQuery(route);
  const body = schemaSample(route.schemas.body) ?? {};
  const good = toJson(body);
  let base = await send(route, 'plausible', `${url}${queryString(query)}`, good);
  if (route.method === 'POST' && !route.path.includes(':') && base.status === 400)
    base = await send(
      route,
      'plausible, lists emptied',
      `${url}${queryString(query)}`,
      toJson(emptied(body)),
    );
  if (base.status < 300 && route.method === 'POST' && !route.path.includes(':')) {
    const answer = JSON.parse(base.text || '{}');
    created.set(segmentOf(route.path), { ...(answer.data ?? answer) });
  }
  await send(route, 'plausible, personal space', `${url}${queryString(query)}`, good, false);

  for (const name of route.path.match(/:(\w+)/g) ?? []) {
    for (const [label, value] of BAD_TEXTS) {
      await send(
        route,
        `path ${name} ${label}`,
        `${fill(route, [name.slice(1), value])}${queryString(query)}`,
        good,
      );
    }
  }
  for (const [label, value] of BAD_TEXTS) {
    for (const key of Object.keys(query)) {
      await send(route, `query ${key} ${label}`, `${url}${queryString({ ...query, [key]: value })}`, good);
    }
    // every query parameter any contract knows, all at once: a route may read one it does not declare
    const every = Object.fromEntries(allQueryKeys().map((k) => [k, value]));
    await send(route, `every query key ${label}`, `${url}${queryString({ ...every, ...query })}`, good);
  }
  await send(
    route,
    'query repeated',
    `${url}${queryString(query)}&limit=1&limit=2&keyword=a&keyword=b`,
    good,
  );
  if (route.method === 'GET') return;
  for (const [label, raw] of BAD_BODIES)
    await send(route, `body ${label}`, `${url}${queryString(query)}`, raw);
  for (const place of placesOf(body)) {
    for (const [label, value] of BAD_VALUES) {
      const broken = toJson(withValue(body, place, value));
      await send(route, `body ${place.join('.')} ${label}`, `${url}${queryString(query)}`, broken);
    }
  }
}

let queryKeysCache: string[] | undefined;
/** Every query parameter any contract knows: each route also gets the ones it does not expect. */
function allQueryKeys(): string[] {
  queryKeysCache ??= [
    ...new Set(
      [...schemas.entries()]
        .filter(([name]) => /Query$/.test(name))
        .flatMap(([, s]) => Object.keys((sample(s) as object | undefined) ?? {})),
    ),
  ];
  return queryKeysCache;
}

describe('[FOUNDATION] no input gives a 5xx', () => {
  it('walks every route with malformed path, query and body values', async () => {
    const started = Date.now();
    for (const route of routes) await fuzzRoute(route);
    // the scan of the route files found the schemas: if it drifts, most routes would lose their bodies
    const withBody = routes.filter((r) => r.schemas.body && schemas.has(r.schemas.body));
    expect(withBody.length).toBeGreaterThan(30);
    expect(routes.length).toBeGreaterThan(80);
    console.info(`fuzz: ${routes.length} routes, ${sent} requests, ${Date.now() - started} ms`);
    expect(failures).toEqual([]);
  }, 120_000);
});

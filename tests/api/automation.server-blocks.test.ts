import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { flows } from '../../src/server/db/schema';
import { newId } from '../../src/shared/domain/ids';
import { edge } from '../fixtures/flows/graph';
import { startWebFixture, type TWebFixture } from '../fixtures/web-server';
import { APP_START_MS, createTestApp, type TestApp } from './harness';
import { buildKeyWorld, createKey, type KeyWorld } from './helpers/api-keys';
import { createTask } from './helpers/automation';
import { cr, creditsOf, org } from './helpers/credits';

/** A task run (runHeadless on the server) uses the same server-block runner as the player. */
let web: TWebFixture;
let t: TestApp;
let w: KeyWorld;
let key: { id: string; secret: string };
let taskId: string;
const at = { x: 0, y: 0 };

beforeAll(async () => {
  web = await startWebFixture();
  t = await createTestApp({ HTTP_OUT_ALLOW: '127.0.0.1', SEARCH_URL: `${web.base}/search` });
}, APP_START_MS);
afterAll(async () => {
  await t.close();
  await web.close();
});
beforeEach(async () => {
  await t.reset();
  w = await buildKeyWorld(t);
  key = await createKey(t, w.dev, 'Integration', w.school);
  const id = newId();
  const nodes = [
    { id: 's', type: 'beginNode', position: at, data: { label: 'Start' } },
    { id: 'q', type: 'inputNode', position: at, data: { label: 'Topic' } },
    { id: 'search', type: 'webSearchNode', position: at, data: { label: 'Search' } },
    { id: 'crawl', type: 'webCrawlerNode', position: at, data: { label: 'Crawl', url: 'http://10.0.0.1/' } },
  ];
  await t.database.db.insert(flows).values({
    id,
    orgId: w.school,
    ownerId: w.dev.id,
    name: 'Research',
    projectId: null,
    nodes,
    nodesCount: nodes.length,
    edges: [
      edge('s.out>q.in'),
      edge('q.out>search.in'),
      edge('q.text>search.query'),
      edge('search.out>crawl.in'),
    ],
  });
  taskId = (await createTask(t, w.dev.token, w.school, { flowId: id, name: 'Research task' }))._id;
  await creditsOf(t).grant({ to: org(w.school), amount: cr('5'), idempotencyKey: 'g1' });
  const top = await t.call('POST', `/api/api-keys/topup/${key.id}`, {
    token: w.dev.token,
    orgId: w.school,
    body: { amount: '5', deductFrom: 'organization' },
  });
  expect(top.status).toBe(200);
});

describe('[AUTOMATION] server-run blocks in task runs', () => {
  it('a task searches through the provider and is refused a private address, both in its answer', async () => {
    const res = await t.call('POST', `/api/tasks/${taskId}/run`, {
      body: { Topic: 'photosynthesis' },
      headers: { Authorization: `Bearer ${key.secret}` },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const outputs = res.body.outputs as Record<string, { values: Record<string, unknown> }>;
    expect(String(outputs.search.values.results)).toContain('[About photosynthesis](https://example.org/a)');
    expect(JSON.stringify(res.body.issues)).toContain('HTTP_OUT_FORBIDDEN_ADDRESS');
  });
});

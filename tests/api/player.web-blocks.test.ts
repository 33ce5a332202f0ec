import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServerBlocks } from '../../src/server/blocks/server-blocks';
import { flows } from '../../src/server/db/schema';
import { startWebFixture, type TWebFixture } from '../fixtures/web-server';
import { createTestApp, type TestApp } from './harness';
import { type AssignmentWorld, createAssignment, worldPerTest } from './helpers/assignment-world';

/**
 * API Call, Web Search and Web Crawler through the player's block route: the server runs them from
 * its own copy of the flow, through the SSRF guard, with the operator's secrets.
 */
let web: TWebFixture;
let t: TestApp;
let w: AssignmentWorld;

beforeAll(async () => {
  web = await startWebFixture();
});
afterAll(() => web.close());

worldPerTest(
  () =>
    createTestApp({
      HTTP_OUT_ALLOW: '127.0.0.1',
      HTTP_OUT_SECRETS: JSON.stringify({ WEATHER_KEY: 'top-secret' }),
      SEARCH_URL: `${web.base}/search`,
    }),
  (world) => {
    w = world;
    t = world.t;
  },
);

/** Puts the web blocks into the assignment's first flow (as the canvas would save them). */
async function flowWithWebBlocks() {
  const nodes = [
    { id: 's', type: 'beginNode', position: { x: 0, y: 0 }, data: {} },
    {
      id: 'api',
      type: 'apiCallNode',
      position: { x: 0, y: 100 },
      data: {
        url: `${web.base}/api/weather/{{city}}?key={{secret:WEATHER_KEY}}`,
        method: 'POST',
        headers: { Authorization: 'Bearer {{secret:WEATHER_KEY}}' },
      },
    },
    { id: 'search', type: 'webSearchNode', position: { x: 0, y: 200 }, data: {} },
    { id: 'crawl', type: 'webCrawlerNode', position: { x: 0, y: 300 }, data: {} },
    { id: 'evil', type: 'apiCallNode', position: { x: 0, y: 400 }, data: { url: 'http://{{host}}/x' } },
  ];
  await t.database.db.update(flows).set({ nodes }).where(eq(flows.id, w.orgFlows[0]));
  const a = await createAssignment(w);
  const joined = await t.call('POST', '/api/assignment/join', {
    token: w.users.participant.token,
    body: { code: a.code },
  });
  expect(joined.status).toBe(200);
  return `/api/player/assignment/${a._id}/flow/${w.orgFlows[0]}/block`;
}

const call = (path: string, body: unknown, token = w.users.participant.token) =>
  t.call('POST', path, { token, body });

describe('[PLAYER] web blocks on the server', () => {
  it('API Call fills variables and secrets on the server and passes the JSON answer on', async () => {
    const path = await flowWithWebBlocks();
    const res = await call(path, {
      nodeId: 'api',
      nodeType: 'apiCallNode',
      inputs: { body: { type: 'json', json: { unit: 'C' } } },
      variables: { city: 'Kuala Lumpur' },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const answer = res.body.data.outputs.response.json;
    expect(answer).toMatchObject({
      path: '/api/weather/Kuala%20Lumpur',
      query: '?key=top-secret',
      method: 'POST',
      auth: 'Bearer top-secret',
      body: { unit: 'C' },
    });
    // What is recorded names the call without its secret.
    expect(res.body.data.summary).toBe(`POST ${web.base}/api/weather/Kuala%20Lumpur`);
  });

  it('a learner’s variable cannot choose the host of an API call', async () => {
    const path = await flowWithWebBlocks();
    const res = await call(path, {
      nodeId: 'evil',
      nodeType: 'apiCallNode',
      variables: { host: '127.0.0.1' },
    });
    expect(res.body.data).toEqual({ ok: false, errorCode: 'API_URL_INVALID', configured: false });
  });

  it('Web Search asks the SearXNG-compatible provider; Web Crawler gives a page’s text', async () => {
    const path = await flowWithWebBlocks();
    const found = await call(path, {
      nodeId: 'search',
      nodeType: 'webSearchNode',
      inputs: { query: { type: 'text', text: 'leaves' } },
    });
    expect(found.body.data.ok).toBe(true);
    expect(found.body.data.outputs.results.text).toContain('1. [About leaves](https://example.org/a)');
    const page = await call(path, {
      nodeId: 'crawl',
      nodeType: 'webCrawlerNode',
      inputs: { url: { type: 'text', text: `${web.base}/page` } },
    });
    const text: string = page.body.data.outputs.content.text;
    expect(text).toContain('How leaves work');
    expect(text).toContain('green & catches light');
    expect(text).not.toContain('alert');
  });

  it('the crawler is refused private and metadata addresses', async () => {
    const path = await flowWithWebBlocks();
    for (const url of [
      'http://169.254.169.254/latest/meta-data/',
      'http://10.0.0.1/',
      'http://[::ffff:192.168.0.1]/',
    ]) {
      const res = await call(path, {
        nodeId: 'crawl',
        nodeType: 'webCrawlerNode',
        inputs: { url: { type: 'text', text: url } },
      });
      expect(res.body.data, url).toEqual({
        ok: false,
        errorCode: 'HTTP_OUT_FORBIDDEN_ADDRESS',
        configured: true,
      });
    }
  });

  it('another space’s user and a non-participant are refused; an unknown block is 404', async () => {
    const path = await flowWithWebBlocks();
    const body = {
      nodeId: 'search',
      nodeType: 'webSearchNode',
      inputs: { query: { type: 'text', text: 'x' } },
    };
    expect((await call(path, body, w.users.outsider.token)).status).toBe(403);
    expect((await call(path, body, w.users.stranger.token)).status).toBe(403);
    const seen = web.seen.length;
    expect((await call(path, { ...body, nodeId: 'nope' })).status).toBe(404);
    expect((await call(path, { ...body, nodeType: 'webCrawlerNode' })).status).toBe(404);
    expect(web.seen.length).toBe(seen);
  });

  it('bad input is a 400 that names the field', async () => {
    const path = await flowWithWebBlocks();
    const wrongType = await call(path, { nodeId: 's', nodeType: 'beginNode' });
    expect(wrongType.status).toBe(400);
    expect(JSON.stringify(wrongType.body)).toContain('nodeType');
    const badInput = await call(path, {
      nodeId: 'search',
      nodeType: 'webSearchNode',
      inputs: { query: { type: 'image', url: 'x' } },
    });
    expect(badInput.status).toBe(400);
    expect(JSON.stringify(badInput.body)).toContain('inputs');
    const deep = `${'['.repeat(10_000)}1${']'.repeat(10_000)}`;
    const tooDeep = await t.call('POST', path, {
      token: w.users.participant.token,
      headers: { 'Content-Type': 'application/json' },
      raw: `{"nodeId":"api","nodeType":"apiCallNode","inputs":{"body":{"type":"json","json":${deep}}}}`,
    });
    expect(tooDeep.status).toBe(400);
    expect(JSON.stringify(tooDeep.body)).toContain('inputs.body.json');
  });

  it('with no search provider configured the block says so instead of pretending', async () => {
    const blocks = createServerBlocks({ ...t.deps, env: { ...t.deps.env, SEARCH_URL: undefined } });
    const node = { id: 'search', type: 'webSearchNode', data: {} };
    const res = await blocks.run(node, {
      nodeId: 'search',
      nodeType: 'webSearchNode',
      inputs: { query: { type: 'text', text: 'x' } },
      variables: {},
    });
    expect(res).toEqual({ ok: false, errorCode: 'SEARCH_NOT_CONFIGURED', configured: false });
  });
});

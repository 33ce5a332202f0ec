import { describe, expect, it } from 'vitest';
import {
  startRun,
  type TServerBlockRequest,
  type TServerBlockResult,
  XAPI_VERBS,
} from '../../../src/shared/domain/runtime';
import { codes, flow, setup } from './harness';

const AUTO = { autoExecuteNextNode: true };

/** A server-blocks port answering from a script; records what the runtime sent. */
function fakeServer(answer: (req: TServerBlockRequest) => TServerBlockResult | Error) {
  const requests: TServerBlockRequest[] = [];
  return {
    requests,
    port: {
      run: async (req: TServerBlockRequest) => {
        requests.push(req);
        const a = answer(req);
        if (a instanceof Error) throw a;
        return a;
      },
    },
  };
}

const searchFlow = (data: Record<string, unknown> = {}) =>
  flow(
    ['s:beginNode', ['w', 'webSearchNode', data], ['d', 'displayNode', AUTO]],
    ['s.out>w.in', 'w.out>d.in', 'w.results>d.text'],
  );

describe('web blocks', () => {
  it('Web Search sends the interpolated query and passes the results on, recording the interaction', async () => {
    const { options, statements } = setup();
    const server = fakeServer((r) => ({
      ok: true,
      outputs: {
        results: {
          type: 'text',
          text: `results for ${r.inputs.query && 'text' in r.inputs.query ? r.inputs.query.text : ''}`,
        },
      },
    }));
    options.ports.serverBlocks = server.port;
    const r = await startRun(searchFlow({ query: 'photosynthesis' }), options);
    expect(server.requests[0]).toMatchObject({ nodeId: 'w', nodeType: 'webSearchNode' });
    expect(r.shown[0]).toMatchObject({ markdown: 'results for photosynthesis' });
    const interacted = statements.find((s) => s.verb.id === XAPI_VERBS.interacted);
    expect(interacted?.result).toMatchObject({ success: true, response: 'photosynthesis' });
  });

  it('says "not configured" when the server has no search provider, and the walk goes on', async () => {
    const { options, statements } = setup();
    options.ports.serverBlocks = fakeServer(() => ({
      ok: false,
      errorCode: 'SEARCH_NOT_CONFIGURED',
      configured: false,
    })).port;
    const r = await startRun(searchFlow({ query: 'x' }), options);
    expect(r.state.issues).toContainEqual(
      expect.objectContaining({
        code: 'service-not-configured',
        detail: 'SEARCH_NOT_CONFIGURED',
        severity: 'warning',
      }),
    );
    expect(r.status).toBe('done');
    expect(codes(r)).toContain('input-not-ready');
    expect(statements.find((s) => s.verb.id === XAPI_VERBS.interacted)?.result).toMatchObject({
      success: false,
    });
  });

  it('a failing or missing port is a warning, never a silent skip', async () => {
    const { options } = setup();
    const thrown = Object.assign(new Error('down'), { errorCode: 'HTTP_OUT_TIMEOUT' });
    options.ports.serverBlocks = fakeServer(() => thrown).port;
    const failed = await startRun(searchFlow({ query: 'x' }), options);
    expect(failed.state.issues).toContainEqual(
      expect.objectContaining({ code: 'service-failed', detail: 'HTTP_OUT_TIMEOUT' }),
    );
    options.ports.serverBlocks = undefined;
    const none = await startRun(searchFlow({ query: 'x' }), options);
    expect(none.state.issues).toContainEqual(
      expect.objectContaining({ code: 'port-missing', detail: 'serverBlocks' }),
    );
  });

  it('API Call sends only its linked body and passes the JSON response on', async () => {
    const { options } = setup();
    const server = fakeServer(() => ({
      ok: true,
      outputs: { response: { type: 'json', json: { temp: 21 } } },
    }));
    options.ports.serverBlocks = server.port;
    const f = flow(
      [
        's:beginNode',
        ['j', 'jsonBlockNode', { json: '{"city":"Perth"}' }],
        [
          'a',
          'apiCallNode',
          { url: 'https://api.example/weather', headers: { Authorization: '{{secret:KEY}}' } },
        ],
      ],
      ['s.out>a.in', 'j.json>a.body'],
    );
    const r = await startRun(f, options);
    expect(server.requests[0].inputs).toEqual({ body: { type: 'json', json: { city: 'Perth' } } });
    expect(JSON.stringify(server.requests[0])).not.toContain('secret');
    expect(r.state.outputs.a).toMatchObject({ response: { type: 'json', json: { temp: 21 } } });
  });

  it('Web Crawler reads the linked link, else its own setting with variables filled in', async () => {
    const { options } = setup();
    const server = fakeServer(() => ({
      ok: true,
      outputs: { content: { type: 'text', text: 'page text' } },
    }));
    options.ports.serverBlocks = server.port;
    const f = flow(
      [
        's:beginNode',
        ['c', 'webCrawlerNode', { forms: [{ id: 'u', value: 'https://example.org/a' }] }],
        ['d', 'displayNode', AUTO],
      ],
      ['s.out>c.in', 'c.out>d.in', 'c.content>d.text'],
    );
    const r = await startRun(f, options);
    expect(server.requests[0].inputs.url).toEqual({ type: 'text', text: 'https://example.org/a' });
    expect(r.shown[0]).toMatchObject({ markdown: 'page text' });
  });
});

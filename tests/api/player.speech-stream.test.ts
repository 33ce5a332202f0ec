import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fakeMp3 } from '../fixtures/openai-media';
import { type OpenAiServer, startOpenAiServer } from '../fixtures/openai-server';
import { createTestApp, listen, type TestApp } from './harness';
import { type AssignmentWorld, joinedFlowAssignment, worldPerTest } from './helpers/assignment-world';

/** Streaming Text to Speech over a real socket: the provider speaks in 4 pieces 300 ms apart. */
const produced: number[] = [];
let ai: OpenAiServer;
beforeAll(async () => {
  ai = await startOpenAiServer({
    speech: { chunks: 4, delayMs: 300, onChunk: (i) => produced.push(i) },
  });
});
afterAll(() => ai.close());

let t: TestApp;
let w: AssignmentWorld;
worldPerTest(
  () => createTestApp({ AI_BASE_URL: ai.baseURL, AI_API_KEY: 'sk-test' }),
  (world) => {
    w = world;
    t = world.t;
  },
);

const TYPES = ['beginNode', 'textToSpeechStreamingNode', 'textToSpeechNode'];
const STREAMING = { nodeId: 'n1', nodeType: 'textToSpeechStreamingNode' };
const TEXT = 'Plants turn light into sugar, slowly and quietly, all day long.';

/** An assignment of a flow with both speech blocks; the participant has joined. */
async function speechAssignment() {
  const { a, flowId } = await joinedFlowAssignment(w, 'Speech', TYPES);
  const path = `/api/player/assignment/${a._id}/flow/${flowId}/speech-stream`;
  const call = (body: Record<string, unknown>, token = w.users.participant.token) =>
    t.call('POST', path, { token, body });
  return { path, call };
}

describe('[PLAYER] streamed speech', () => {
  it('passes the provider’s audio on as it is made: the first bytes arrive before the last are produced', async () => {
    const { path } = await speechAssignment();
    const server = await listen(t);
    try {
      produced.length = 0;
      const res = await fetch(`${server.base}${path}`, {
        method: 'POST',
        headers: { authorization: `Bearer ${w.users.participant.token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ ...STREAMING, text: TEXT, voice: 'nova' }),
      });
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe('audio/mpeg');
      expect(res.headers.get('cache-control')).toBe('no-store');
      const reader = (res.body as ReadableStream<Uint8Array>).getReader();
      const first = await reader.read();
      expect(first.done).toBe(false);
      // The listener holds the first bytes while the provider has yet to make the last piece.
      expect(produced).not.toContain(3);
      const parts = [first.value as Uint8Array];
      for (let r = await reader.read(); !r.done; r = await reader.read()) parts.push(r.value);
      expect(produced).toEqual([0, 1, 2, 3]);
      expect(Buffer.concat(parts)).toEqual(fakeMp3(TEXT));
      expect(ai.requests.at(-1)?.body).toMatchObject({
        model: 'gpt-4o-mini-tts',
        input: TEXT,
        voice: 'nova',
        response_format: 'mp3',
      });
    } finally {
      await server.close();
    }
  });

  it('a provider that fails answers 502 with the error envelope, not a broken stream', async () => {
    const { call } = await speechAssignment();
    const res = await call({ ...STREAMING, text: 'Hi', model: 'broken' });
    expect(res.status).toBe(502);
    expect(typeof res.body.message).toBe('string');
  });

  it('refuses a stranger to the assignment and another space’s user (403), unknown links (404)', async () => {
    const { call } = await speechAssignment();
    const body = { ...STREAMING, text: 'Hi' };
    expect((await call(body, w.users.outsider.token)).status).toBe(403);
    expect((await call(body, w.users.stranger.token)).status).toBe(403);
    const pub = await t.call('POST', `/api/player/public/nosuchcode/flow/${'a'.repeat(24)}/speech-stream`, {
      body,
    });
    expect(pub.status).toBe(404);
  });

  it('answers bad input with 400 naming the field', async () => {
    const { call } = await speechAssignment();
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ ...STREAMING, text: '' }, 'text'],
      [{ ...STREAMING, text: 'x'.repeat(5000) }, 'text'],
      [{ nodeId: 'n2', nodeType: 'textToSpeechNode', text: 'Hi' }, 'nodeType'],
      [{ nodeId: 'n99', nodeType: 'textToSpeechStreamingNode', text: 'Hi' }, 'nodeId'],
      [{ ...STREAMING, text: 'Hi', voice: 7 }, 'voice'],
    ];
    for (const [body, field] of cases) {
      const res = await call(body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.message, JSON.stringify(body)).toContain(field);
    }
  });
});

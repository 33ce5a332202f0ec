import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { flows } from '../../src/server/db/schema';
import { newId } from '../../src/shared/domain/ids';
import { type OpenAiServer, startOpenAiServer } from '../fixtures/openai-server';
import { createTestApp, type TestApp } from './harness';
import { type AssignmentWorld, createAssignment, worldPerTest } from './helpers/assignment-world';

/**
 * The Local AI Model block talks to the model server set on it (here the local OpenAI-compatible test
 * server standing in for Ollama), while the server's own provider stays offline.
 */
let local: OpenAiServer;
beforeAll(async () => {
  local = await startOpenAiServer({ text: ['Local ', 'answer'] });
});
afterAll(() => local.close());

let t: TestApp;
let w: AssignmentWorld;
worldPerTest(
  () => createTestApp({ LOCAL_AI_HOSTS: `127.0.0.1:${local.port}` }),
  (world) => {
    w = world;
    t = world.t;
  },
);

async function lesson(baseUrl: string) {
  const id = newId();
  const nodes = [
    { id: 's', type: 'beginNode', position: { x: 0, y: 0 }, data: { label: 'Start' } },
    {
      id: 'llm',
      type: 'localLLMConnectorNode',
      position: { x: 0, y: 100 },
      data: { label: 'Local', baseUrl, model: 'llama3.2' },
    },
  ];
  await t.database.db.insert(flows).values({
    id,
    orgId: w.org,
    ownerId: w.users.owner.id,
    name: 'Local',
    nodes,
    nodesCount: 2,
    edges: [],
    projectId: null,
  });
  const a = await createAssignment(w, { flowIds: [id] });
  await t.call('POST', '/api/assignment/join', { token: w.users.participant.token, body: { code: a.code } });
  return (body: Record<string, unknown>) =>
    t.call('POST', `/api/player/assignment/${a._id}/flow/${id}/ai`, {
      token: w.users.participant.token,
      body,
    });
}

const ask = {
  nodeId: 'llm',
  nodeType: 'localLLMConnectorNode',
  purpose: 'prompt',
  model: 'llama3.2',
  messages: [{ role: 'user', content: 'Hi' }],
};

describe('[PLAYER] Local AI Model block', () => {
  it('streams the answer of the local model server set on the block, free of credits', async () => {
    const call = await lesson(local.baseURL);
    const res = await call(ask);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const lines = String(res.body)
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l));
    expect(
      lines
        .filter((l) => l.type === 'text')
        .map((l) => l.text)
        .join(''),
    ).toBe('Local answer');
    expect(lines.find((l) => l.type === 'usage')).toMatchObject({ credits: '0' });
    expect(local.requests.at(-1)?.body).toMatchObject({
      model: 'llama3.2',
      messages: [{ role: 'user', content: 'Hi' }],
    });
  });

  it('refuses a server the administrator did not allow, a missing model, and another block’s id (400)', async () => {
    const before = local.requests.length;
    const elsewhere = await lesson('http://10.0.0.7:11434/v1');
    const refused = await elsewhere(ask);
    expect(refused.status).toBe(400);
    expect(refused.body.message).toContain('baseUrl');
    const call = await lesson(local.baseURL);
    const noModel = await call({ ...ask, model: undefined });
    expect(noModel.status).toBe(400);
    expect(noModel.body.message).toContain('model');
    const wrong = await call({ ...ask, nodeId: 's' });
    expect(wrong.status).toBe(400);
    expect(wrong.body.message).toContain('nodeId');
    expect(local.requests.length).toBe(before);
  });
});

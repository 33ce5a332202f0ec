import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { flows } from '../../src/server/db/schema';
import { newId } from '../../src/shared/domain/ids';
import { buildPdf } from '../fixtures/documents';
import { edge } from '../fixtures/flows/graph';
import { type OpenAiServer, startOpenAiServer } from '../fixtures/openai-server';
import { APP_START_MS, createTestApp, type TestApp } from './harness';
import { buildKeyWorld, createKey, type KeyWorld } from './helpers/api-keys';
import { createTask } from './helpers/automation';
import { apiKey, cr, creditsOf, expectBooksBalance, org } from './helpers/credits';
import { HANDOUT_PAGES, uploadDocument } from './knowledge.helpers';

/**
 * A knowledge bot inside an automation task answers from the task's space's bank exactly as in the
 * player (one runtime): the passages go to the model numbered, the answer ends with its sources, and a
 * bank of another space is never read. Real HTTP to the local OpenAI-compatible server.
 */
let ai: OpenAiServer;
let t: TestApp;
let dir: string;
let w: KeyWorld;
let key: { id: string; secret: string };

beforeAll(async () => {
  ai = await startOpenAiServer({ text: ['They release energy ', 'for the cell [1].'] });
  dir = mkdtempSync(join(tmpdir(), 'knowledge-task-'));
  t = await createTestApp({ AI_BASE_URL: ai.baseURL, DATA_DIR: dir });
}, APP_START_MS);
afterAll(async () => {
  await t.close();
  await ai.close();
  rmSync(dir, { recursive: true, force: true });
});

beforeEach(async () => {
  await t.reset();
  w = await buildKeyWorld(t);
  key = await createKey(t, w.dev, 'Integration', w.school);
  await creditsOf(t).grant({ to: org(w.school), amount: cr('5'), idempotencyKey: `g-${Math.random()}` });
  const top = await t.call('POST', `/api/api-keys/topup/${key.id}`, {
    token: w.dev.token,
    orgId: w.school,
    body: { amount: '5', deductFrom: 'organization' },
  });
  expect(top.status).toBe(200);
}, APP_START_MS);

/** A live task of the school whose flow is Start → a Knowledge Bot set to `bankId`. */
async function botTask(bankId: string): Promise<string> {
  const nodes = [
    { id: 's', type: 'beginNode', position: { x: 0, y: 0 }, data: { label: 'Start' } },
    { id: 'bot', type: 'knowledgeBotNode', position: { x: 0, y: 100 }, data: { label: 'Tutor', bankId } },
  ];
  const flowId = newId();
  await t.database.db.insert(flows).values({
    id: flowId,
    orgId: w.school,
    ownerId: w.dev.id,
    name: 'Ask the handout',
    nodes,
    nodesCount: nodes.length,
    edges: [edge('s.out>bot.in')],
    projectId: null,
  });
  return (await createTask(t, w.dev.token, w.school, { flowId, name: 'Handout bot' }))._id;
}

const run = (taskId: string, question: string) =>
  t.call('POST', `/api/tasks/${taskId}/run`, {
    body: { Tutor: question },
    headers: { Authorization: `Bearer ${key.secret}` },
  });

/** The system messages of the last chat call the provider received. */
const lastChatSystem = () => {
  const chat = ai.requests.filter((r) => r.path.endsWith('/chat/completions')).at(-1);
  const messages = (chat?.body.messages ?? []) as Array<{ role: string; content: unknown }>;
  return messages.filter((m) => m.role === 'system').map((m) => JSON.stringify(m.content));
};

describe('[AUTOMATION] a knowledge bot in a task', () => {
  it('answers from the space’s bank with numbered passages and ends with the sources it cited', async () => {
    const pdf = await buildPdf(HANDOUT_PAGES);
    const up = await uploadDocument(t, w.dev, 'science.pdf', pdf, { orgId: w.school });
    expect(up.status, JSON.stringify(up.body)).toBe(201);
    const taskId = await botTask(up.body.bank._id);

    const res = await run(taskId, 'What do the mitochondria do?');
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.status).toBe('done');
    const chatlog = String(res.body.outputs.bot.values.chatlog);
    expect(chatlog).toContain('Learner: What do the mitochondria do?');
    expect(chatlog).toContain(
      'Bot: They release energy for the cell [1].\n\nSources: [1] science.pdf, page 2',
    );

    const system = lastChatSystem();
    expect(system.some((m) => m.includes('[1] (science.pdf, page 2)'))).toBe(true);
    expect(system.some((m) => m.includes('mitochondria release energy'))).toBe(true);
    // Paid from the key's wallet, nothing left on hold, the books balance.
    expect((await creditsOf(t).balanceOf(apiKey(key.id))).reserved).toBe(0n);
    await expectBooksBalance(t);
  });

  it('never reads a bank of another space: the model gets no passage and no source is named', async () => {
    const other = await uploadDocument(t, w.outsider, 'secret.txt', 'Mitochondria secret zebra notes.', {
      orgId: w.elsewhere,
    });
    expect(other.status).toBe(201);
    const taskId = await botTask(other.body.bank._id);
    const res = await run(taskId, 'What do the mitochondria do? zebra');
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(JSON.stringify(lastChatSystem())).not.toContain('secret');
    expect(String(res.body.outputs.bot.values.chatlog)).not.toContain('Sources:');
  });
});

import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { AiChunk, AiProvider, AiRequest } from '../../src/server/adapters/ai/ai';
import { buildPdf } from '../fixtures/documents';
import { APP_START_MS, createTestApp, type TestApp } from './harness';
import { type AssignmentWorld, buildAssignmentWorld, createAssignment } from './helpers/assignment-world';
import { cr, creditsOf, org } from './helpers/credits';
import { HANDOUT_PAGES, uploadDocument } from './knowledge.helpers';

/** A model that cites the first passage, and what it was asked. */
const asked: AiRequest[] = [];
const citing: AiProvider = {
  id: 'citing',
  label: 'test',
  offline: false,
  async *stream(req): AsyncGenerator<AiChunk> {
    asked.push(req);
    yield { type: 'text', text: 'They release energy for the cell [1].' };
    yield { type: 'usage', inputTokens: 50, outputTokens: 9 };
    yield { type: 'done' };
  },
};

const lines = (text: string) =>
  text
    .trim()
    .split('\n')
    .map((l) => JSON.parse(l));

describe('[KNOWLEDGE] an AI block of the player answers from the linked bank with citations', () => {
  let t: TestApp;
  let w: AssignmentWorld;
  let dir: string;
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'knowledge-p-'));
    t = await createTestApp({ DATA_DIR: dir }, { ai: citing });
  }, APP_START_MS);
  afterAll(async () => {
    await t?.close();
    rmSync(dir, { recursive: true, force: true });
  });
  beforeEach(async () => {
    await t.reset();
    asked.length = 0;
    w = await buildAssignmentWorld(t);
  }, APP_START_MS);

  it('adds the numbered passages of the space’s bank only, and ends the answer with its sources', async () => {
    const pdf = await buildPdf(HANDOUT_PAGES);
    const school = await uploadDocument(t, w.users.owner, 'science.pdf', pdf, { orgId: w.org });
    const elsewhere = await uploadDocument(t, w.users.outsider, 'secret.txt', 'Mitochondria secret zebra.', {
      orgId: w.otherOrg,
    });
    expect([school.status, elsewhere.status]).toEqual([201, 201]);
    await creditsOf(t).grant({ to: org(w.org), amount: cr('100'), idempotencyKey: 'g1' });
    const a = await createAssignment(w);
    const join = await t.call('POST', '/api/assignment/join', {
      token: w.users.participant.token,
      body: { code: a.code },
    });
    expect(join.status).toBe(200);
    const path = `/api/player/assignment/${a._id}/flow/${w.orgFlows[0]}/ai`;
    const body = {
      nodeId: 'bot1',
      nodeType: 'knowledgeBotNode',
      purpose: 'conversation-turn',
      messages: [
        { role: 'system', content: 'Be brief.' },
        { role: 'user', content: 'What do the mitochondria do? zebra' },
      ],
      knowledgeBankIds: [school.body.bank._id, elsewhere.body.bank._id],
    };
    const res = await t.call('POST', path, { token: w.users.participant.token, body });
    expect(res.status).toBe(200);
    const out = lines(res.body as string);
    const answer = out
      .filter((l) => l.type === 'text')
      .map((l) => l.text)
      .join('');
    expect(answer).toBe('They release energy for the cell [1].\n\nSources: [1] science.pdf, page 2');
    expect(out.at(-1)).toEqual({ type: 'done' });

    const sent = asked[0].messages;
    expect(sent.map((m) => m.role)).toEqual(['system', 'system', 'user']);
    expect(sent[1].content).toContain('[1] (science.pdf, page 2)');
    expect(sent[1].content).toContain('mitochondria release energy');
    // The other organisation's bank was linked, but this space may not read it.
    expect(JSON.stringify(sent)).not.toContain('secret');

    const bad = await t.call('POST', path, {
      token: w.users.participant.token,
      body: { ...body, knowledgeBankIds: ['nope'] },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toContain('knowledgeBankIds');
  });
});

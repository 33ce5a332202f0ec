import { describe, expect, it } from 'vitest';
import { askFloatingBot, floatingBots, resumeRun, skipRun } from '../../../src/shared/domain/runtime';
import { botJournalName } from '../../../src/shared/domain/runtime/nodes/knowledge-bot';
import { drive, flow, last, setup } from './harness';

const BANK = 'a1b2c3d4e5f6a1b2c3d4e5f6';

/** Start → Floating bot → Text Input → Text Input → chat-log block reading the bot's journal. */
const botFlow = (bot: Record<string, unknown> = {}) =>
  flow(
    [
      's:beginNode',
      ['b', 'floatingKnowledgeBotNode', { label: 'Science helper', bankId: BANK, ...bot }],
      ['q1', 'inputNode', { question: 'First?' }],
      ['q2', 'inputNode', { question: 'Second?' }],
      'r:reteriveFloatingKnowledgeBotConversationChatLog',
    ],
    ['s.out>b.in', 'b.out>q1.in', 'q1.out>q2.in', 'q2.out>r.in'],
  );

describe('the floating knowledge bot', () => {
  it('does not stop the walk: the run goes on to the next step and the bot floats from then on', async () => {
    const { options, ai } = setup();
    const f = botFlow({ greeting: 'Hi, ask me about cells.' });
    const [first] = await drive(f, options);
    expect(first.status).toBe('waiting');
    expect(first.state.at?.nodeId).toBe('q1');
    expect(ai.requests).toHaveLength(0);
    expect(floatingBots(f, first.state)).toEqual([
      {
        nodeId: 'b',
        label: 'Science helper',
        messages: [{ role: 'assistant', text: 'Hi, ask me about cells.' }],
        asked: 0,
        maxTurns: 10,
      },
    ]);
  });

  it('is not offered before the run reaches it, nor after the run ends', async () => {
    const { options } = setup();
    const f = flow(
      [
        's:beginNode',
        ['q1', 'inputNode', { question: 'First?' }],
        ['b', 'floatingKnowledgeBotNode', { bankId: BANK }],
      ],
      ['s.out>q1.in', 'q1.out>b.in'],
    );
    const runs = await drive(f, options, [{ kind: 'text', text: 'hello' }]);
    expect(floatingBots(f, runs[0].state)).toEqual([]);
    expect(last(runs).status).toBe('done');
    expect(floatingBots(f, last(runs).state)).toEqual([]);
    const refused = await askFloatingBot(f, last(runs).state, 'b', 'Why?', options);
    expect(refused.refused?.code).toBe('run-finished');
  });

  it('answers from the bank over a later step, keeps the journal, records each exchange and leaves the step waiting', async () => {
    const { options, ai, journals, statements } = setup({
      ai: (r) => `From the documents: ${r.messages.at(-1)?.content} [1]`,
    });
    const f = botFlow();
    const [first] = await drive(f, options);
    const asked = await askFloatingBot(f, first.state, 'b', 'What do mitochondria do?', options);
    expect(asked.error).toBeUndefined();
    expect(asked.answer).toBe('From the documents: What do mitochondria do? [1]');
    expect(ai.requests[0]).toMatchObject({
      nodeId: 'b',
      nodeType: 'floatingKnowledgeBotNode',
      knowledgeBankIds: [BANK],
      purpose: 'conversation-turn',
    });
    // The run still waits at the same step, and the given state was not changed.
    expect(asked.state.at?.nodeId).toBe('q1');
    expect(first.state.memory.b).toMatchObject({ turns: 0 });
    expect(floatingBots(f, asked.state)[0]).toMatchObject({ asked: 1 });
    const exchange =
      'Learner: What do mitochondria do?\nBot: From the documents: What do mitochondria do? [1]';
    const answered = statements.filter((s) => s.verb.id.endsWith('answered'));
    expect(answered).toHaveLength(1);
    expect(answered[0].object).toMatchObject({ id: expect.stringMatching(/\/nodes\/b$/) });
    expect(answered[0].result?.response).toBe('What do mitochondria do?');
    expect(JSON.stringify(answered[0].context?.extensions)).toContain('From the documents');

    // The second question carries the first exchange as history; the step is answered in between.
    const moved = await resumeRun(f, asked.state, { kind: 'text', text: 'one' }, options);
    expect(moved.state.at?.nodeId).toBe('q2');
    const again = await askFloatingBot(f, moved.state, 'b', 'And chloroplasts?', options);
    expect(ai.requests[1].messages.map((m) => m.role)).toEqual(['system', 'user', 'assistant', 'user']);
    const log = journals.journals.get(botJournalName('Science helper'))?.content ?? '';
    expect(log).toContain(exchange);
    expect(log.endsWith('Bot: From the documents: And chloroplasts? [1]')).toBe(true);

    // The chat-log block at the end reads that journal.
    const end = await resumeRun(f, again.state, { kind: 'text', text: 'two' }, options);
    expect(end.status).toBe('done');
    expect(end.state.outputs.r?.chatlog).toMatchObject({ type: 'text', text: log });
  });

  it('a model failure changes nothing and says why; asking again works', async () => {
    let fail = true;
    const err = Object.assign(new Error('no credits'), { errorCode: 'UNIT_BALANCE_INSUFFICIENT' });
    const { options, statements } = setup({ ai: () => (fail ? err : 'Answer [1]') });
    const f = botFlow();
    const [first] = await drive(f, options);
    const failed = await askFloatingBot(f, first.state, 'b', 'Why?', options);
    expect(failed.error).toMatchObject({ code: 'ai-failed', detail: 'UNIT_BALANCE_INSUFFICIENT' });
    expect(failed.state).toBe(first.state);
    expect(floatingBots(f, failed.state)[0].asked).toBe(0);
    expect(statements.some((s) => s.verb.id.endsWith('answered'))).toBe(false);
    fail = false;
    const ok = await askFloatingBot(f, first.state, 'b', 'Why?', options);
    expect(ok.answer).toBe('Answer [1]');
    expect(ok.state.status).toBe('waiting');
  });

  it('refuses an empty question, a bot not in the run and questions past maxTurns', async () => {
    const { options, ai } = setup();
    const f = botFlow({ maxTurns: 1 });
    const [first] = await drive(f, options);
    expect((await askFloatingBot(f, first.state, 'b', '   ', options)).refused?.detail).toBe('question');
    expect((await askFloatingBot(f, first.state, 'q1', 'Hi', options)).refused?.detail).toBe('not-reached');
    const once = await askFloatingBot(f, first.state, 'b', 'Hi', options);
    expect(once.answer).toBeDefined();
    const twice = await askFloatingBot(f, once.state, 'b', 'Again', options);
    expect(twice.refused?.detail).toBe('maxTurns');
    expect(twice.state).toBe(once.state);
    expect(ai.requests).toHaveLength(1);
  });

  it('reached again keeps the talk so far', async () => {
    const { options } = setup();
    const f = botFlow();
    const [first] = await drive(f, options);
    const asked = await askFloatingBot(f, first.state, 'b', 'Hi', options);
    // skipRun walks from the bot again, as a loop or a live lesson's jump back would.
    const again = await skipRun(f, asked.state, 'b', [], options);
    expect(again.state.at?.nodeId).toBe('q1');
    expect(again.state.visits.b).toBe(2);
    expect(floatingBots(f, again.state)[0]).toMatchObject({ asked: 1 });
    expect(floatingBots(f, again.state)[0].messages.map((m) => m.role)).toEqual([
      'assistant',
      'learner',
      'assistant',
    ]);
  });
});

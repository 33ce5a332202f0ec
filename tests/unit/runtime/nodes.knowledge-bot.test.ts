import { describe, expect, it } from 'vitest';
import { nodeSupport } from '../../../src/shared/domain/runtime';
import { botJournalName } from '../../../src/shared/domain/runtime/nodes/knowledge-bot';
import { codes, drive, flow, last, setup } from './harness';

const BANK = 'a1b2c3d4e5f6a1b2c3d4e5f6';

describe('knowledge bots', () => {
  it('run in the player now', () => {
    expect(nodeSupport('knowledgeBotNode')).toBe('runs');
    expect(nodeSupport('floatingKnowledgeBotNode')).toBe('runs');
    expect(nodeSupport('reteriveFloatingKnowledgeBotConversationChatLog')).toBe('runs');
  });

  it('greets, answers each question with the bank id for retrieval, keeps the log and hands it on', async () => {
    const { options, ai, journals, statements } = setup({
      ai: (r) => `From the documents: ${r.messages.at(-1)?.content} [1]`,
    });
    const f = flow(
      [
        's:beginNode',
        ['k', 'knowledgeBankNode', { bankId: BANK }],
        ['b', 'knowledgeBotNode', { label: 'Helper' }],
      ],
      ['s.out>b.in', 'k.bank>b.bank'],
    );
    const runs = await drive(f, options, [
      { kind: 'text', text: 'What do mitochondria do?' },
      { kind: 'text', text: 'And chloroplasts?' },
      { kind: 'end' },
    ]);
    const first = runs[0];
    expect(first.status).toBe('waiting');
    expect(first.waiting?.request).toMatchObject({ kind: 'conversation', turn: 1, maxTurns: 10 });
    expect(ai.requests).toHaveLength(2);
    for (const req of ai.requests) {
      expect(req).toMatchObject({
        nodeType: 'knowledgeBotNode',
        knowledgeBankIds: [BANK],
        purpose: 'conversation-turn',
      });
      expect(req.messages[0].role).toBe('system');
      expect(req.messages[0].content).toMatch(/citing them by number/);
    }
    // The second question carries the first exchange (not the greeting) as history.
    expect(ai.requests[1].messages.map((m) => m.role)).toEqual(['system', 'user', 'assistant', 'user']);
    const log = journals.journals.get(botJournalName('Helper'))?.content ?? '';
    expect(log).toBe(
      [
        'Bot: Ask me anything about the documents of this activity.',
        'Learner: What do mitochondria do?',
        'Bot: From the documents: What do mitochondria do? [1]',
        'Learner: And chloroplasts?',
        'Bot: From the documents: And chloroplasts? [1]',
      ].join('\n'),
    );
    const end = last(runs);
    expect(end.status).toBe('done');
    expect(end.state.outputs.b?.chatlog).toMatchObject({ type: 'text', text: log });
    expect(statements.some((s) => s.verb.id.endsWith('answered') && s.result?.response === log)).toBe(true);
  });

  it('stops after maxTurns and says so when no bank is linked', async () => {
    const { options, ai } = setup();
    const f = flow(['s:beginNode', ['b', 'knowledgeBotNode', { maxTurns: 1 }]], ['s.out>b.in']);
    const runs = await drive(f, options, [{ kind: 'text', text: 'Hello?' }]);
    expect(ai.requests[0].knowledgeBankIds).toBeUndefined();
    expect(codes(last(runs))).toContain('setting-invalid');
    expect(last(runs).status).toBe('done');
  });

  it('the chat-log block reads back the floating bot’s conversation from the learner’s journal', async () => {
    const { options } = setup({ journals: { [botJournalName('Science helper')]: 'Bot: hi\nLearner: yo' } });
    const f = flow(
      [
        's:beginNode',
        ['b', 'floatingKnowledgeBotNode', { label: 'Science helper', bankId: BANK }],
        'r:reteriveFloatingKnowledgeBotConversationChatLog',
      ],
      ['s.out>r.in'],
    );
    const runs = await drive(f, options);
    expect(last(runs).state.outputs.r?.chatlog).toMatchObject({ type: 'text', text: 'Bot: hi\nLearner: yo' });
  });

  it('a model failure ends the run with ai-failed, and retry asks again without losing the question', async () => {
    let fail = true;
    const { options, ai } = setup({ ai: () => (fail ? new Error('down') : 'Answer [1]') });
    const f = flow(['s:beginNode', ['b', 'knowledgeBotNode', { bankId: BANK }]], ['s.out>b.in']);
    const runs = await drive(f, options, [{ kind: 'text', text: 'Why?' }]);
    expect(last(runs).status).toBe('failed');
    expect(codes(last(runs))).toContain('ai-failed');
    fail = false;
    const again = await drive(f, options, []);
    expect(again[0].status).toBe('waiting');
    expect(ai.requests.at(-1)?.knowledgeBankIds).toEqual([BANK]);
  });
});

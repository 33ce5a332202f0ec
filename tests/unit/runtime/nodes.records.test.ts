import { describe, expect, it } from 'vitest';
import { startRun, XAPI_VERBS } from '../../../src/shared/domain/runtime';
import { drive, flow, setup, XAPI_CONTEXT } from './harness';

const AUTO = { autoExecuteNextNode: true };

describe('journals', () => {
  it('Journal saves the linked entry under its name; Read Journal passes it on', async () => {
    const { options, journals } = setup();
    const f = flow(
      [
        's:beginNode',
        'i:inputNode',
        ['j', 'journalNode', { journalName: 'Reflections' }],
        ['r', 'readJournalNode', { forms: [{ id: 'x', value: 'Reflections' }] }],
        ['d', 'displayNode', AUTO],
      ],
      ['s.out>i.in', 'i.out>j.in', 'i.text>j.entry', 'j.out>r.in', 'r.out>d.in', 'r.entries>d.text'],
    );
    const [, r] = await drive(f, options, [{ kind: 'text', text: 'I learnt a lot' }]);
    expect(journals.journals.get('Reflections')?.content).toBe('I learnt a lot');
    expect(r.shown[0]).toMatchObject({ markdown: 'I learnt a lot' });
  });

  it('Update Journal appends (or replaces), and creates a journal that is not there yet', async () => {
    const { options, journals } = setup({ journals: { Diary: 'Day 1' } });
    const f = (data: Record<string, unknown>) =>
      flow(
        ['s:beginNode', ['t', 'textNode', { text: 'Day 2' }], ['u', 'updateJournalNode', data]],
        ['s.out>u.in', 't.text>u.entry'],
      );
    await startRun(f({ journalName: 'Diary' }), options);
    expect(journals.journals.get('Diary')?.content).toBe('Day 1\nDay 2');
    await startRun(f({ journalName: 'Diary', mode: 'replace' }), options);
    expect(journals.journals.get('Diary')?.content).toBe('Day 2');
    const r = await startRun(f({ journalName: 'New' }), options);
    expect(journals.journals.get('New')?.content).toBe('Day 2');
    expect(r.state.issues).toContainEqual(
      expect.objectContaining({ code: 'journal-missing', detail: 'New' }),
    );
  });

  it('"Shared with the class" writes, updates and reads the shared journal; absent means the own one', async () => {
    const { options, journals } = setup({ journals: { Diary: 'mine' } });
    journals.shared.set('Diary', { name: 'Diary', content: 'ours' });
    const f = (collaborative?: boolean) => {
      const flag = collaborative === undefined ? {} : { collaborative };
      return flow(
        [
          's:beginNode',
          ['t', 'textNode', { text: 'Day 2' }],
          ['u', 'updateJournalNode', { journalName: 'Diary', ...flag }],
          ['w', 'journalNode', { journalName: 'Plan', content: 'step 1', forms: [], ...flag }],
          ['r', 'readJournalNode', { journalName: 'Diary', ...flag }],
          ['d', 'displayNode', AUTO],
        ],
        ['s.out>u.in', 't.text>u.entry', 'u.out>w.in', 'w.out>r.in', 'r.out>d.in', 'r.entries>d.text'],
      );
    };
    const shared = await startRun(f(true), options);
    expect(journals.shared.get('Diary')?.content).toBe('ours\nDay 2');
    expect(journals.shared.get('Plan')?.content).toBe('step 1');
    expect(shared.shown[0]).toMatchObject({ markdown: 'ours\nDay 2' });
    expect(journals.journals.get('Diary')?.content).toBe('mine');
    expect(journals.journals.has('Plan')).toBe(false);

    // Old flows (no flag) and a switched-off flag keep the learner's own journal.
    for (const flag of [undefined, false]) {
      journals.journals.set('Diary', { name: 'Diary', content: 'mine' });
      const own = await startRun(f(flag), options);
      expect(journals.journals.get('Diary')?.content).toBe('mine\nDay 2');
      expect(own.shown[0]).toMatchObject({ markdown: 'mine\nDay 2' });
    }
    expect(journals.shared.get('Diary')?.content).toBe('ours\nDay 2');
  });

  it('a failing journal store is a warning: the learner goes on', async () => {
    const { options } = setup();
    const ports = {
      ...options.ports,
      journals: {
        read: () => Promise.reject(new Error('x')),
        write: () => Promise.reject(Object.assign(new Error('x'), { code: 'EOFFLINE' })),
        update: () => Promise.reject(new Error('x')),
      },
    };
    const f = flow(
      [
        's:beginNode',
        ['j', 'journalNode', { content: 'hi', forms: [] }],
        ['d', 'displayNode', { text: 'after', ...AUTO }],
      ],
      ['s.out>j.in', 'j.out>d.in'],
    );
    const r = await startRun(f, { ...options, ports });
    expect(r.status).toBe('done');
    expect(r.state.issues).toContainEqual(
      expect.objectContaining({ code: 'journal-failed', detail: 'EOFFLINE' }),
    );
  });
});

describe('xAPI', () => {
  it('records launched and completed about the flow, with the caller actor and context', async () => {
    const { options, statements } = setup();
    await startRun(flow(['s:beginNode'], []), options);
    expect(statements.map((s) => s.verb.id)).toEqual([XAPI_VERBS.launched, XAPI_VERBS.completed]);
    expect(statements[0]).toMatchObject({
      actor: { objectType: 'Agent', name: 'Ada Learner' },
      object: {
        objectType: 'Activity',
        id: XAPI_CONTEXT.flowActivityId,
        definition: { name: { 'en-US': 'Photosynthesis' } },
      },
      context: { contextActivities: { grouping: [{ id: 'https://flowlearn.test/assignments/a1' }] } },
      timestamp: '2026-01-01T00:00:00.000Z',
    });
    expect(statements[0].id).toMatch(/^[0-9a-f-]{36}$/);
    expect(statements[0].id).not.toBe(statements[1].id);
    expect(statements[0].context?.contextActivities?.parent).toBeUndefined();
  });

  it('a preview without an xAPI context writes nothing', async () => {
    const { options, statements } = setup({ xapi: false });
    await startRun(
      flow(['s:beginNode', ['d', 'displayNode', { text: 'x', ...AUTO }]], ['s.out>d.in']),
      options,
    );
    expect(statements).toEqual([]);
  });

  it('a failing LRS is a warning; the statement is not marked sent', async () => {
    const { options } = setup();
    const ports = { ...options.ports, xapi: { emit: () => Promise.reject(new Error('offline')) } };
    const r = await startRun(flow(['s:beginNode'], []), { ...options, ports });
    expect(r.status).toBe('done');
    expect(r.state.issues.map((i) => i.code)).toContain('xapi-failed');
    expect(r.state.sent).toEqual([]);
  });

  it('the xAPI block records the authored verb and object and passes the statement on; Send sends it once', async () => {
    const { options, statements } = setup();
    const f = flow(
      [
        's:beginNode',
        ['x', 'xAPINode', { verb: 'mastered', objectName: 'Leaves', response: 'yes' }],
        'send:sendCustomXapiNode',
      ],
      ['s.out>x.in', 'x.out>send.in', 'x.xapi>send.xapi'],
    );
    const r = await startRun(f, options);
    const mastered = statements.filter((s) => s.verb.id === XAPI_VERBS.mastered);
    expect(mastered).toHaveLength(1);
    expect(mastered[0]).toMatchObject({
      object: { id: `${XAPI_CONTEXT.flowActivityId}/nodes/x`, definition: { name: { 'en-US': 'Leaves' } } },
      result: { response: 'yes' },
    });
    expect(r.state.outputs.x.xapi).toMatchObject({
      type: 'xApiStatement',
      statement: { id: mastered[0].id },
    });
  });

  it('xAPI Builder + Send Custom xAPI: the linked result becomes the response, sent once', async () => {
    const { options, statements } = setup();
    const f = flow(
      [
        's:beginNode',
        'i:inputNode',
        ['b', 'xApiBuilderNode', { verb: 'https://example.org/verbs/reflected' }],
        'send:sendCustomXapiNode',
      ],
      ['s.out>i.in', 'i.out>b.in', 'i.text>b.result', 'b.out>send.in', 'b.xapi>send.xapi'],
    );
    await drive(f, options, [{ kind: 'text', text: 'I see' }]);
    const sent = statements.filter((s) => s.verb.id === 'https://example.org/verbs/reflected');
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({
      verb: { display: { 'en-US': 'reflected' } },
      result: { response: 'I see' },
    });
  });

  it("Send Custom xAPI with an authored statement keeps its object but always uses the run's actor", async () => {
    const { options, statements } = setup();
    const statement = JSON.stringify({
      actor: { mbox: 'mailto:someone-else@example.com' },
      verb: { id: XAPI_VERBS.attempted },
      object: { objectType: 'Activity', id: 'https://example.org/lab' },
      result: { score: { raw: 1, max: 2 } },
    });
    const f = flow(['s:beginNode', ['c', 'sendCustomXapiNode', { statement }]], ['s.out>c.in']);
    await startRun(f, options);
    const sent = statements.find((s) => s.verb.id === XAPI_VERBS.attempted);
    expect(sent).toMatchObject({
      actor: { mbox: 'mailto:ada@example.com' },
      object: { id: 'https://example.org/lab' },
      result: { score: { raw: 1, max: 2 } },
      context: {
        registration: XAPI_CONTEXT.registration,
        contextActivities: { other: [{ id: `${XAPI_CONTEXT.flowActivityId}/nodes/c` }] },
      },
    });
  });

  it('an unknown verb is reported and nothing is sent', async () => {
    const { options, statements } = setup();
    const f = flow(
      ['s:beginNode', ['c', 'sendCustomXapiNode', { statement: '{"verb":"wandered"}' }]],
      ['s.out>c.in'],
    );
    const r = await startRun(f, options);
    expect(statements.map((s) => s.verb.id)).toEqual([XAPI_VERBS.launched, XAPI_VERBS.completed]);
    expect(r.state.issues).toContainEqual(
      expect.objectContaining({ code: 'setting-invalid', detail: 'verb' }),
    );
  });
});

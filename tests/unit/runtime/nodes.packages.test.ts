import { describe, expect, it } from 'vitest';
import { NOT_IN_PLAYER, parseAnswer, resumeRun, startRun } from '../../../src/shared/domain/runtime';
import { drive, flow, last, setup, XAPI_CONTEXT } from './harness';

const PKG = '0123456789abcdef01234567';
const verbs = (statements: Array<{ verb: { id: string } }>) =>
  statements.map((s) => s.verb.id.split('/').pop());

/** What an H5P content type emits through H5P.externalDispatcher, as the frame hands it over. */
const h5pStatement = (actorMbox: string) => ({
  actor: { mbox: actorMbox, name: 'Someone else' },
  verb: { id: 'http://adlnet.gov/expapi/verbs/answered', display: { 'en-US': 'answered' } },
  object: { id: 'https://h5p.test/content/1', definition: { name: { 'en-US': 'Fruit quiz' } } },
  result: { score: { raw: 1, max: 1, scaled: 1 }, success: true },
  context: { registration: '00000000-0000-4000-8000-00000000beef', contextActivities: { grouping: [] } },
});

describe('H5P Content', () => {
  const f = () =>
    flow(
      ['s:beginNode', ['h', 'h5pNode', { packageId: PKG, question: 'Try the quiz' }], 'x:sendCustomXapiNode'],
      ['s.out>h.in', 'h.out>x.in', 'h.xapi>x.xapi'],
    );

  it('asks the player to play the package, then records its statements as the run learner, in the run context', async () => {
    const { options, statements } = setup();
    const [first, second] = await drive(f(), options, [
      { kind: 'package', statements: [h5pStatement('mailto:mallory@example.com')] },
    ]);
    expect(first.waiting?.request).toEqual({
      kind: 'package',
      format: 'h5p',
      packageId: PKG,
      prompt: 'Try the quiz',
    });
    expect(second.status).toBe('done');
    const answered = statements.filter((s) => s.verb.id.endsWith('/answered'));
    expect(answered).toHaveLength(1); // Send Custom xAPI does not send the same statement twice
    expect(answered[0]).toMatchObject({
      actor: { objectType: 'Agent', mbox: 'mailto:ada@example.com', name: 'Ada Learner' },
      object: { id: 'https://h5p.test/content/1', definition: { name: { 'en-US': 'Fruit quiz' } } },
      result: { success: true, score: { raw: 1 } },
      context: {
        registration: XAPI_CONTEXT.registration,
        contextActivities: {
          parent: [{ id: XAPI_CONTEXT.flowActivityId }],
          grouping: [{ id: 'https://flowlearn.test/assignments/a1' }],
          other: [{ id: `${XAPI_CONTEXT.flowActivityId}/nodes/h` }],
        },
      },
    });
  });

  it('drops a reported statement without a verb IRI or object id, and says so', async () => {
    const { options, statements } = setup();
    const bad = { verb: { id: 'answered' }, object: { id: 'https://h5p.test/1' } };
    const [, second] = await drive(f(), options, [{ kind: 'package', statements: [bad, { verb: 1 }] }]);
    expect(verbs(statements)).toEqual(['launched', 'experienced', 'completed']);
    expect(second.state.issues).toContainEqual(
      expect.objectContaining({ code: 'xapi-failed', detail: 'statement-invalid', nodeId: 'h' }),
    );
  });

  it('a replay of the same answer from the same saved state sends the same statement ids', async () => {
    const { options, statements } = setup();
    const first = await startRun(f(), options);
    const answer = { kind: 'package', statements: [h5pStatement('mailto:a@b.c')] } as const;
    await resumeRun(f(), first.state, answer, options);
    await resumeRun(f(), first.state, answer, options);
    const ids = statements.filter((s) => s.verb.id.endsWith('/answered')).map((s) => s.id);
    expect(ids).toHaveLength(2);
    expect(ids[0]).toBe(ids[1]);
  });

  it('without a package it reports the missing setting and goes on', async () => {
    const { options } = setup();
    const r = await startRun(flow(['s:beginNode', 'h:h5pNode'], ['s.out>h.in']), options);
    expect(r.status).toBe('done');
    expect(r.state.issues.map((i) => i.code)).toContain('input-missing');
  });

  it('parseAnswer keeps only statement objects, capped', () => {
    const many = Array.from({ length: 500 }, () => ({ verb: {} }));
    const parsed = parseAnswer({ kind: 'package', statements: [...many, 'x', 3] });
    expect(parsed?.kind === 'package' && parsed.statements.length).toBe(200);
    expect(parseAnswer({ kind: 'package', statements: 'no' })).toBeUndefined();
  });
});

describe('xAPI Statement with an xAPI / cmi5 package', () => {
  it('launches the package and records launched; without packageFormat it is the plain statement block', async () => {
    const { options, statements } = setup();
    const data = { packageFormat: 'cmi5', packageId: PKG };
    const [first, second] = await drive(
      flow(['s:beginNode', ['p', 'xAPINode', data]], ['s.out>p.in']),
      options,
      [{ kind: 'continue' }],
    );
    // The package is launched with the run's registration, so its own statements share it.
    expect(first.waiting?.request).toMatchObject({
      kind: 'package',
      format: 'cmi5',
      packageId: PKG,
      registration: XAPI_CONTEXT.registration,
    });
    expect(second.status).toBe('done');
    expect(verbs(statements)).toEqual(['launched', 'launched', 'completed']);
    const plain = setup();
    const r = await startRun(
      flow(['s:beginNode', ['p', 'xAPINode', { verb: 'mastered' }]], ['s.out>p.in']),
      plain.options,
    );
    expect(r.status).toBe('done');
    expect(verbs(plain.statements)).toContain('mastered');
  });

  it('refuses a package id that is not one of ours', async () => {
    const { options } = setup();
    const data = { packageFormat: 'tincan', packageId: '../../etc/passwd' };
    const r = await startRun(flow(['s:beginNode', ['p', 'xAPINode', data]], ['s.out>p.in']), options);
    expect(r.waiting).toBeUndefined();
    expect(r.state.issues.map((i) => i.detail)).toContain('packageId');
  });
});

describe('Whiteboard', () => {
  it('asks for a drawing, passes the uploaded image on and records it as the evidence of answered', async () => {
    const { options, statements } = setup();
    const f = flow(
      [
        's:beginNode',
        ['w', 'whiteboardNode', { question: 'Draw a cell' }],
        ['d', 'displayImageNode', { autoExecuteNextNode: true }],
      ],
      ['s.out>w.in', 'w.out>d.in', 'w.image>d.image'],
    );
    const results = await drive(f, options, [
      { kind: 'text', text: 'not a drawing' },
      { kind: 'media', url: 'https://files.test/board.png', mediaType: 'image/png' },
    ]);
    expect(results[0].waiting?.request).toEqual({ kind: 'draw', prompt: 'Draw a cell' });
    expect(results[1].refused?.code).toBe('answer-refused');
    const done = await resumeRun(
      f,
      results[0].state,
      { kind: 'media', url: 'https://files.test/board.png' },
      options,
    );
    expect(done.shown[0]).toMatchObject({ kind: 'image', url: 'https://files.test/board.png' });
    const answered = statements.find((s) => s.verb.id.endsWith('/answered'));
    expect(answered?.context?.extensions).toMatchObject({
      'https://flowlearn.app/xapi/extensions/evidence': { id: 'https://files.test/board.png' },
    });
  });
});

describe('Widget', () => {
  it('shows linked JSON records as a table of their keys', async () => {
    const { options } = setup();
    const json = JSON.stringify([
      { fruit: 'apple', count: 3 },
      { fruit: 'pear', ripe: true },
    ]);
    const f = flow(
      ['s:beginNode', ['j', 'jsonBlockNode', { json }], ['w', 'widgetNode', { title: 'Basket' }]],
      ['s.out>w.in', 'j.json>w.data'],
    );
    const r = await startRun(f, options);
    expect(r.shown[0]).toMatchObject({
      kind: 'table',
      title: 'Basket',
      columns: ['fruit', 'count', 'ripe'],
      rows: [
        ['apple', '3', ''],
        ['pear', '', 'true'],
      ],
    });
    expect(r.waiting?.request.kind).toBe('continue');
  });
});

describe('xAPI Report and Retrieve xAPI Statements', () => {
  const stored = (verb: string, name: string, raw?: number) => ({
    id: `id-${verb}`,
    actor: XAPI_CONTEXT.actor,
    verb: { id: `http://adlnet.gov/expapi/verbs/${verb}`, display: { 'en-US': verb } },
    object: {
      objectType: 'Activity' as const,
      id: `https://x.test/${name}`,
      definition: { name: { 'en-US': name } },
    },
    ...(raw === undefined ? {} : { result: { score: { raw, max: 10 } } }),
    timestamp: '2026-01-01T10:00:00.000Z',
  });

  it('asks the LRS port with the block filter and shows the rows', async () => {
    const { options, ports } = setup();
    const asked: unknown[] = [];
    ports.lrs = {
      query: async (q) => {
        asked.push(q);
        return [stored('passed', 'Quiz 1', 8), stored('experienced', 'Video')];
      },
    };
    const data = { verb: 'passed', activity: 'https://x.test/Quiz 1', limit: 500, autoExecuteNextNode: true };
    const r = await startRun(flow(['s:beginNode', ['r', 'xAPIReportNode', data]], ['s.out>r.in']), options);
    expect(asked).toEqual([
      { verb: 'http://adlnet.gov/expapi/verbs/passed', activity: 'https://x.test/Quiz 1', limit: 100 },
    ]);
    expect(r.shown[0]).toMatchObject({
      kind: 'table',
      columns: ['when', 'verb', 'activity', 'result'],
      rows: [
        ['2026-01-01T10:00:00.000Z', 'passed', 'Quiz 1', '8/10'],
        ['2026-01-01T10:00:00.000Z', 'experienced', 'Video', ''],
      ],
    });
  });

  it('Retrieve passes the newest statement and a summary on; a failing LRS ends the run with Retry', async () => {
    const { options, ports } = setup();
    let fail = true;
    ports.lrs = {
      query: async () => {
        if (fail) throw Object.assign(new Error('offline'), { errorCode: 'NETWORK' });
        return [stored('passed', 'Quiz 1', 8)];
      },
    };
    const f = flow(
      ['s:beginNode', 'q:xAPIRetrievalNode', ['d', 'displayNode', { autoExecuteNextNode: true }]],
      ['s.out>q.in', 'q.out>d.in', 'q.text>d.text'],
    );
    const failed = await startRun(f, options);
    expect(failed.status).toBe('failed');
    expect(failed.error).toMatchObject({ code: 'xapi-failed', detail: 'NETWORK' });
    fail = false;
    const r = await resumeRun(f, failed.state, { kind: 'retry' }, options);
    expect(r.status).toBe('done');
    expect(last(r.shown)).toMatchObject({ markdown: '2026-01-01T10:00:00.000Z · passed · Quiz 1 · 8/10' });
  });

  it('without an LRS port it says so instead of showing an empty report', async () => {
    const { options } = setup();
    const r = await startRun(flow(['s:beginNode', 'r:xAPIReportNode'], ['s.out>r.in']), options);
    expect(r.state.issues).toContainEqual(expect.objectContaining({ code: 'port-missing', detail: 'lrs' }));
    expect(NOT_IN_PLAYER).not.toContain('xAPIReportNode');
  });
});

import { describe, expect, it } from 'vitest';
import {
  NODE_EXECUTORS,
  nodeSupport,
  resumeRun,
  startRun,
  type TNodeContext,
  XAPI_EXTENSIONS,
} from '../../../src/shared/domain/runtime';
import { containsWord } from '../../../src/shared/domain/runtime/nodes/logic';
import { drive, flow, setup } from './harness';

const AUTO = { autoExecuteNextNode: true };
const forms = (...values: string[]) => values.map((value, i) => ({ id: `f${i}`, value }));

describe('Find Word', () => {
  const f = (words: Record<string, unknown>) =>
    flow(
      [
        's:beginNode',
        'i:inputNode',
        ['w', 'findWordNode', words],
        ['yes', 'displayNode', { text: 'found', ...AUTO }],
        ['no', 'displayNode', { text: 'not found', ...AUTO }],
      ],
      ['s.out>i.in', 'i.out>w.in', 'i.text>w.text', 'w.found>yes.in', 'w.notFound>no.in'],
    );
  const answer = async (words: Record<string, unknown>, text: string) => {
    const { options } = setup();
    const [, r] = await drive(f(words), options, [{ kind: 'text', text }]);
    return r.shown.map((i) => i.nodeId);
  };

  it('continues on found when a word is in the text, on not found otherwise', async () => {
    expect(await answer({ forms: forms('chlorophyll, sunlight') }, 'Plants need SUNLIGHT.')).toEqual(['yes']);
    expect(await answer({ forms: forms('chlorophyll') }, 'Plants need water')).toEqual(['no']);
  });

  it('matches whole words; match all needs every word; caseSensitive keeps case', async () => {
    expect(await answer({ words: ['cat'] }, 'a category')).toEqual(['no']);
    expect(await answer({ words: 'water\nlight', match: 'all' }, 'water only')).toEqual(['no']);
    expect(await answer({ words: 'water\nlight', match: 'all' }, 'water and light')).toEqual(['yes']);
    expect(await answer({ words: ['Sun'], caseSensitive: true }, 'the sun')).toEqual(['no']);
  });

  it('finds words inside Chinese and Thai text, which has no spaces', () => {
    expect(containsWord('植物需要阳光和水', '阳光', false)).toBe(true);
    expect(containsWord('พืชต้องการแสงแดด', 'แสงแดด', false)).toBe(true);
  });

  it('no words set: reported, and the not found path', async () => {
    const { options } = setup();
    const [, r] = await drive(f({}), options, [{ kind: 'text', text: 'x' }]);
    expect(r.shown.map((i) => i.nodeId)).toEqual(['no']);
    expect(r.state.issues).toContainEqual(
      expect.objectContaining({ code: 'setting-invalid', detail: 'words' }),
    );
  });
});

describe('variables, numbers and ids', () => {
  it('Create Text Label saves a variable used by {{name}} and by edge conditions', async () => {
    const { options } = setup();
    const f = flow(
      [
        's:beginNode',
        'i:inputNode',
        ['v', 'variableNode', { label: 'mood' }],
        ['d', 'displayNode', { text: 'You feel {{mood}}', ...AUTO }],
      ],
      ['s.out>i.in', 'i.out>v.in', 'i.text>v.text', 'v.out>d.in'],
    );
    const [, r] = await drive(f, options, [{ kind: 'text', text: 'happy' }]);
    expect(r.state.variables).toEqual({ mood: 'happy' });
    expect(r.shown[0]).toMatchObject({ markdown: 'You feel happy' });
    expect(r.state.outputs.v.label).toEqual({ type: 'text', text: 'happy' });
  });

  it('Random Number stays in its range and is reproducible with a seeded random port', async () => {
    const run = async () => {
      const { options } = setup();
      const f = flow(
        ['s:beginNode', ['r', 'randomNumberGeneratorNode', { forms: forms('10', '3') }]],
        ['s.out>r.in'],
      );
      const r = await startRun(f, options);
      return r.state.outputs.r.number.type === 'text' ? Number(r.state.outputs.r.number.text) : Number.NaN;
    };
    const n = await run();
    expect(n).toBeGreaterThanOrEqual(3);
    expect(n).toBeLessThanOrEqual(10);
    expect(Number.isInteger(n)).toBe(true);
    expect(await run()).toBe(n);
  });

  it('Unique ID gives a version-4 UUID', async () => {
    const { options } = setup();
    const r = await startRun(flow(['s:beginNode', 'u:uuidGeneratorNode'], ['s.out>u.in']), options);
    const v = r.state.outputs.u.uuid;
    expect(v.type === 'text' && v.text).toMatch(
      /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/,
    );
  });
});

describe('Progress Checkpoint, Wait, Jump to Flow, Comment', () => {
  it('a checkpoint is kept in the state and recorded as progressed', async () => {
    const { options, statements } = setup();
    const r = await startRun(
      flow(['s:beginNode', ['p', 'progressCheckpointNode', { progress: 50 }]], ['s.out>p.in']),
      options,
    );
    expect(r.state.checkpoint).toEqual({ nodeId: 'p', progress: 50 });
    const progressed = statements.find((s) => s.verb.id.endsWith('/progressed'));
    expect(progressed?.result?.extensions?.[XAPI_EXTENSIONS.progress]).toBe(50);
  });

  it('Wait asks the player to wait, and holds the learner until the time has passed', async () => {
    const { options, clock } = setup();
    const f = flow(
      ['s:beginNode', ['w', 'waitNode', { seconds: 30 }], ['d', 'displayNode', { text: 'after', ...AUTO }]],
      ['s.out>w.in', 'w.out>d.in'],
    );
    const first = await startRun(f, options);
    expect(first.waiting?.request).toEqual({ kind: 'timer', until: clock.now() + 30_000, seconds: 30 });
    clock.advance(10_000);
    const early = await resumeRun(f, first.state, { kind: 'continue' }, options);
    expect(early.status).toBe('waiting');
    expect(early.waiting?.request).toMatchObject({ kind: 'timer', seconds: 20 });
    clock.advance(20_000);
    const done = await resumeRun(f, early.state, { kind: 'continue' }, options);
    expect(done.shown[0]).toMatchObject({ markdown: 'after' });
  });

  it('Jump to Flow ends the run and names the next flow', async () => {
    const { options } = setup();
    const r = await startRun(
      flow(['s:beginNode', ['j', 'flowJumpNode', { flowId: 'f2' }]], ['s.out>j.in']),
      options,
    );
    expect(r.status).toBe('done');
    expect(r.state.jump).toEqual({ flowId: 'f2' });
  });

  it('a Comment is hidden: it has no links, runs as a block (not "not available") and shows nothing', async () => {
    const { options } = setup();
    const r = await startRun(
      flow(['s:beginNode', ['c', 'commentNode', { text: 'note to self' }]], []),
      options,
    );
    expect(r.state.feed).toEqual([]);
    expect(nodeSupport('commentNode')).toBe('runs');
    expect(await NODE_EXECUTORS.commentNode.run({} as TNodeContext)).toEqual({ kind: 'next' });
  });
});

describe('blocks the player cannot run', () => {
  it('are shown as not available, reported, and the walk goes on past them', async () => {
    const { options } = setup();
    const f = flow(
      [
        's:beginNode',
        // Forced disabled in the palette (spec 01 §9): every placeable block runs now.
        'tts:chatbotFlowProcessorNode',
        'ph:interactiveBlockNode',
        ['d', 'displayNode', { text: 'end', ...AUTO }],
      ],
      ['s.out>tts.in', 'tts.out>ph.in', 'ph.out>d.in'],
    );
    const r = await startRun(f, options);
    expect(r.shown.map((i) => [i.nodeId, i.kind, i.kind === 'unavailable' ? i.reason : ''])).toEqual([
      ['tts', 'unavailable', 'not-in-player'],
      ['ph', 'unavailable', 'placeholder'],
      ['d', 'markdown', ''],
    ]);
    expect(r.state.issues.filter((i) => i.code === 'node-unavailable').map((i) => i.nodeId)).toEqual([
      'tts',
      'ph',
    ]);
  });

  it('a value read from a block that cannot run says where it came from', async () => {
    const { options } = setup();
    const f = flow(
      ['s:beginNode', 'tr:chatbotFlowProcessorNode', ['d', 'displayNode', AUTO]],
      ['s.out>tr.in', 'tr.out>d.in', 'tr.reply>d.text'],
    );
    const r = await startRun(f, options);
    expect(r.state.issues).toContainEqual(
      expect.objectContaining({ code: 'input-from-unavailable', nodeId: 'd' }),
    );
  });
});

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  createLinkChecker,
  type TFlowEdge,
  type TFlowNode,
  validateGraph,
} from '../../../src/shared/domain/link-rules';
import { NODE_CATALOGUE, nodeSpec } from '../../../src/shared/domain/node-catalogue';
import {
  jsonInputProvider,
  manualClock,
  nodeSupport,
  resumeRun,
  runHeadless,
  seededRandom,
  startRun,
  type TAiPiece,
  type TRunFlow,
  type TRunOptions,
  type TRunResult,
  type TRunState,
} from '../../../src/shared/domain/runtime';
import { anyAnswer, anyInput, mistypedOutputs } from './answers';
import { XAPI_CONTEXT } from './harness';

/**
 * Over generated flows that the link rules accept (built with the real link checker), with settings
 * that are sometimes nonsense and ports that sometimes fail, the runtime never throws, never fails
 * inside itself ('internal'), keeps a state that survives JSON, and only puts values of the right type
 * on data links. It may end in a reported error state.
 */

const TYPES = NODE_CATALOGUE.map((s) => s.type);
// Blocks the runtime runs come up four times as often, so walks reach deep into what matters.
const typeArb = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom(...TYPES.filter((t) => nodeSupport(t) === 'runs')) },
  { weight: 1, arbitrary: fc.constantFrom(...TYPES) },
);
/** Runnable blocks that sit on the walk (they have a step input). */
const STEP_TYPES = NODE_CATALOGUE.filter(
  (s) => nodeSupport(s.type) === 'runs' && s.handles.some((h) => h.handleId === 'in'),
).map((s) => s.type);
const KEYS = [
  'label',
  'text',
  'url',
  'json',
  'quiz',
  'words',
  'match',
  'min',
  'max',
  'seconds',
  'progress',
  'maxTurns',
  'count',
  'maxScore',
  'verb',
  'statement',
  'journalName',
  'collaborative',
  'mode',
  'fields',
  'nodeIds',
  'flowId',
  'autoExecuteNextNode',
  'prompt',
  'name',
  'value',
  'buttonText',
  'html',
  'bankId',
  'separator',
  'opening',
  'passScore',
  'question',
  'caseSensitive',
];
const SAMPLES = [
  '{"questions":[{"question":"a","options":["x","y"],"answer":"x"}]}',
  '[{"question":"b","answer":["z"]}]',
  '[1,2',
  'https://youtu.be/dQw4w9WgXcQ',
  'all',
  'replace',
  'mastered',
  'http://adlnet.gov/expapi/verbs/attempted',
  '{"verb":{"id":"http://adlnet.gov/expapi/verbs/attempted"},"object":{"id":"x"}}',
  '{{v}}',
  'true',
  '\u0000',
];
const value = fc.oneof(
  fc.string({ maxLength: 12 }),
  fc.constantFrom(...SAMPLES),
  fc.integer({ min: -3, max: 40 }),
  fc.boolean(),
  fc.constant(null),
  fc.array(
    fc.oneof(
      fc.string({ maxLength: 6 }),
      fc.record({ id: fc.string({ maxLength: 3 }), label: fc.string({ maxLength: 6 }) }),
    ),
    {
      maxLength: 3,
    },
  ),
);
const dataArb = fc.record({
  fields: fc.dictionary(fc.constantFrom(...KEYS), value, { maxKeys: 5 }),
  forms: fc.array(
    fc.record({
      id: fc.string({ maxLength: 4 }),
      value: fc.oneof(fc.string({ maxLength: 12 }), fc.constantFrom(...SAMPLES)),
    }),
    {
      maxLength: 3,
    },
  ),
});
const conditionArb = fc.constantFrom(
  undefined,
  true,
  false,
  'number >= 5',
  'score > 0',
  'v contains "a"',
  '((',
  'found',
  '',
);

const flowArb = fc.record({
  withStart: fc.oneof(
    { weight: 9, arbitrary: fc.constant(true) },
    { weight: 1, arbitrary: fc.constant(false) },
  ),
  /** onSpine: try a step link from the previous block on the spine, so the walk goes somewhere. */
  nodes: fc.array(fc.record({ type: typeArb, data: dataArb, onSpine: fc.boolean() }), { maxLength: 12 }),
  links: fc.array(fc.record({ s: fc.nat(), sh: fc.nat(), t: fc.nat(), condition: conditionArb }), {
    maxLength: 40,
  }),
});

/** Builds the flow link by link through the real link checker, so every kept link is one a teacher could draw. */
type TGenerated = typeof flowArb extends fc.Arbitrary<infer T> ? T : never;

function buildFlow(g: TGenerated): TRunFlow {
  const nodes: TFlowNode[] = g.nodes.map((n, i) => ({
    id: `n${i}`,
    type: n.type,
    data: { ...n.data.fields, forms: n.data.forms },
  }));
  if (g.withStart) nodes.unshift({ id: 'start', type: 'beginNode', data: {} });
  const edges: TFlowEdge[] = [];
  if (nodes.length === 0) return { nodes, edges };
  const checker = createLinkChecker({ nodes, edges: [] });
  const tryLink = (
    conn: { source: string; sourceHandle: string; target: string; targetHandle: string },
    id: string,
    condition?: unknown,
  ) => {
    if (!checker.accept(conn).ok) return false;
    edges.push({ id, ...conn, ...(condition === undefined ? {} : { data: { condition } }) });
    return true;
  };
  const statementOut = (n: TFlowNode) =>
    nodeSpec(n.type ?? '')?.handles.find((h) => h.direction === 'output' && h.type === 'statement');
  let spine = g.withStart ? nodes[0] : undefined;
  for (const [i, n] of g.nodes.entries()) {
    const node = nodes[g.withStart ? i + 1 : i];
    const from = spine && statementOut(spine);
    const takesStep = nodeSpec(n.type)?.handles.some((h) => h.handleId === 'in');
    if (!n.onSpine || !takesStep) continue;
    if (spine && from)
      tryLink(
        { source: spine.id, sourceHandle: from.handleId, target: node.id, targetHandle: 'in' },
        `spine${i}`,
      );
    spine = node;
  }
  const inputs = nodes.flatMap((n) =>
    (nodeSpec(n.type ?? '')?.handles ?? []).filter((h) => h.direction === 'input').map((h) => ({ n, h })),
  );
  for (const [i, l] of g.links.entries()) {
    const source = nodes[l.s % nodes.length];
    const outs = (nodeSpec(source.type ?? '')?.handles ?? []).filter((h) => h.direction === 'output');
    if (outs.length === 0) continue;
    const out = outs[l.sh % outs.length];
    const fits = inputs.filter((x) => x.h.type === out.type && x.n.id !== source.id);
    if (fits.length === 0) continue;
    const target = fits[l.t % fits.length];
    const conn = {
      source: source.id,
      sourceHandle: out.handleId,
      target: target.n.id,
      targetHandle: target.h.handleId,
    };
    tryLink(conn, `e${i}`, l.condition);
  }
  return { id: 'gen', nodes, edges };
}

const AI_ANSWERS = [
  '{"score": 3, "feedback": "ok"}',
  '{"passed": true, "summary": "good"}',
  '{"questions":[{"question":"q","options":["a","b"],"answer":"a"}]}',
  '2',
  'plain prose',
  '',
];

function portsFor(seed: number, failures: boolean): TRunOptions {
  let calls = 0;
  const random = seededRandom(seed);
  const flaky = () => failures && random.next() < 0.15;
  return {
    xapi: XAPI_CONTEXT,
    limits: { stepsPerAdvance: 200, aiCallsPerAdvance: 8 },
    ports: {
      ai: {
        async *stream(): AsyncIterable<TAiPiece> {
          calls++;
          if (flaky()) throw Object.assign(new Error('down'), { errorCode: 'UNIT_BALANCE_INSUFFICIENT' });
          yield { type: 'text', text: AI_ANSWERS[(seed + calls) % AI_ANSWERS.length] };
          yield { type: 'usage', inputTokens: 1, outputTokens: 1 };
        },
      },
      xapi: {
        emit: () => {
          if (flaky()) throw new Error('lrs');
        },
      },
      journals: {
        read: async () => (flaky() ? Promise.reject(new Error('j')) : { name: 'j', content: 'c' }),
        write: async () => {
          if (flaky()) throw new Error('j');
        },
        update: async () => !flaky(),
      },
      storage: {
        mediaUrl: (ref) => {
          if (flaky()) throw new Error('s');
          return `https://files.test/${ref}`;
        },
        documentText: async () => (flaky() ? Promise.reject(new Error('d')) : 'doc'),
      },
      clock: manualClock(1_700_000_000_000),
      random,
    },
  };
}

function checkResult(r: TRunResult, f: TRunFlow): void {
  expect(['waiting', 'done', 'failed']).toContain(r.status);
  expect(r.state.issues.filter((i) => i.code === 'internal')).toEqual([]);
  expect(JSON.parse(JSON.stringify(r.state))).toEqual(r.state);
  const types = new Map(f.nodes.map((n) => [n.id, n.type ?? '']));
  expect(mistypedOutputs(r.state, (id) => types.get(id))).toEqual([]);
  if (r.status === 'waiting') expect(r.waiting).toBeDefined();
}

const answerArb = fc.array(
  fc.oneof(
    { weight: 6, arbitrary: fc.constant('fit') },
    { weight: 1, arbitrary: fc.constant('retry') },
    { weight: 1, arbitrary: fc.jsonValue() },
  ),
  {
    maxLength: 25,
  },
);

describe('the runtime on generated flows', () => {
  it('the generator only makes flows the link rules accept', () => {
    fc.assert(
      fc.property(flowArb, (g) => {
        expect(validateGraph(buildFlow(g)).ok).toBe(true);
      }),
      { numRuns: 200 },
    );
  });

  it('a learner run never throws and ends every call in a reported state', async () => {
    const ran = new Set<string>();
    await fc.assert(
      fc.asyncProperty(flowArb, answerArb, fc.nat(), fc.boolean(), async (g, answers, seed, failures) => {
        const f = buildFlow(g);
        const options = portsFor(seed, failures);
        let r = await startRun(f, options);
        checkResult(r, f);
        for (const a of answers) {
          if (r.status === 'done') break;
          const answer =
            a === 'retry'
              ? { kind: 'retry' }
              : a === 'fit' && r.waiting
                ? anyAnswer(r.waiting)
                : a === 'fit'
                  ? { kind: 'retry' }
                  : a;
          (options.ports.clock as ReturnType<typeof manualClock>).advance(5000);
          const stored = JSON.parse(JSON.stringify(r.state)) as TRunState;
          const next = await resumeRun(f, stored, answer, options);
          checkResult(next, f);
          if (next.refused) expect(next.state).toBe(stored);
          r = next;
        }
        for (const id of Object.keys(r.state.visits)) ran.add(f.nodes.find((n) => n.id === id)?.type ?? '');
      }),
      { numRuns: 250 },
    );
    // The generator must reach the blocks that matter, or the property proves little.
    const missed = STEP_TYPES.filter((t) => !ran.has(t));
    expect(missed.length, `never reached: ${missed.join(', ')}`).toBeLessThanOrEqual(STEP_TYPES.length / 10);
  });

  it('a headless run never throws', async () => {
    await fc.assert(
      fc.asyncProperty(flowArb, fc.nat(), fc.boolean(), fc.jsonValue(), async (g, seed, useAny, input) => {
        const f = buildFlow(g);
        const options = portsFor(seed, true);
        const r = await runHeadless(f, useAny ? anyInput : jsonInputProvider(input), {
          ...options,
          maxAnswers: 30,
        });
        expect(['done', 'failed', 'waiting']).toContain(r.status);
        expect(r.issues.filter((i) => i.code === 'internal')).toEqual([]);
        expect(JSON.parse(JSON.stringify(r.outputs))).toEqual(r.outputs);
      }),
      { numRuns: 150 },
    );
  });
});

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { planFlow } from '../../../src/server/generator/planner';
import { extractJson, repairFlow, type TRepairResult } from '../../../src/server/generator/repair';
import { ZCreateFlowRequest } from '../../../src/shared/contract/flows';
import { validateGraph } from '../../../src/shared/domain/link-rules';
import { NODE_CATALOGUE } from '../../../src/shared/domain/node-catalogue';
import { expectNoOverlap } from './overlap';

const ok = (r: TRepairResult) => {
  if (!r.ok) throw new Error(`not repaired: ${r.reason}`);
  return r;
};
const linkIds = (r: TRepairResult) =>
  ok(r).flow.edges.map((e) => `${e.source}.${e.sourceHandle}>${e.target}.${e.targetHandle}`);

/** Every promise a repaired flow makes: link rules, the flow contract, one Start, no overlaps. */
function expectValid(r: TRepairResult) {
  const { flow } = ok(r);
  expect(validateGraph(flow)).toMatchObject({ ok: true });
  expect(ZCreateFlowRequest.safeParse({ name: 'g', ...flow }).success).toBe(true);
  expect(flow.nodes.filter((n) => n.type === 'beginNode')).toHaveLength(1);
  expectNoOverlap(flow.nodes);
}

describe('[GENERATOR] repairing a model’s flow', () => {
  it('reads JSON inside code fences and prose', () => {
    expect(extractJson('Here you go:\n```json\n{"a": 1}\n```\nEnjoy')).toEqual({ a: 1 });
    expect(extractJson('The flow is {"nodes": []} as asked.')).toEqual({ nodes: [] });
    expect(extractJson('no json here')).toBeUndefined();
  });

  it('says why nothing could be used', () => {
    expect(repairFlow('{"nodes": ')).toEqual({ ok: false, reason: 'not-json' });
    expect(repairFlow('{"widgets": []}')).toEqual({ ok: false, reason: 'no-flow' });
    expect(
      repairFlow({
        nodes: [
          { id: 's', type: 'beginNode' },
          { id: 't', type: 'textNode' },
        ],
      }),
    ).toEqual({
      ok: false,
      reason: 'too-small',
    });
    expect(repairFlow({ nodes: [{ id: 'x', type: 'madeUpNode' }] })).toEqual({
      ok: false,
      reason: 'too-small',
    });
  });

  it('fixes missing and wrong handles, drops links the rules refuse and blocks it may not use', () => {
    const r = repairFlow({
      nodes: [
        { id: 'start', type: 'beginNode' },
        { id: 'text', type: 'textNode', data: { text: 'Hi' } },
        { id: 'show', type: 'displayNode' },
        { id: 'ask', type: 'inputNode', data: { question: 'Why?' } },
        // Forced disabled in the palette (spec 01 §9); every placeable block runs.
        { id: 'gone', type: 'dataDumpNode' },
        { id: 'also-gone', type: 'notARealNode' },
      ],
      edges: [
        { source: 'start', target: 'show' },
        { source: 'text', sourceHandle: 'bogus', target: 'show', targetHandle: 'text' },
        { source: 'show', sourceHandle: 'out', target: 'ask', targetHandle: 'text' },
        { source: 'ask', target: 'ask' },
        { source: 'ask', target: 'gone' },
        { source: 'text', target: 'show' },
      ],
    });
    expect(linkIds(r)).toEqual(['start.out>show.in', 'text.text>show.text', 'show.out>ask.in']);
    expect(ok(r).flow.nodes.map((n) => n.id)).toEqual(['start', 'text', 'show', 'ask']);
    expect(ok(r).notes).toEqual(
      expect.arrayContaining(['dropped a block of type dataDumpNode', 'dropped a link to a missing block']),
    );
    expectValid(r);
  });

  it('adds a missing Start, keeps only the first of several, and chains steps no path reaches', () => {
    const r = repairFlow({
      nodes: [
        { id: 'a', type: 'displayNode', data: { text: 'One' } },
        { id: 's1', type: 'beginNode' },
        { id: 'b', type: 'inputNode' },
        { id: 's2', type: 'beginNode' },
        { id: 'c', type: 'journalNode' },
      ],
      edges: [{ source: 'b', target: 'c' }],
    });
    expect(linkIds(r)).toEqual(['b.out>c.in', 's1.out>a.in', 'a.out>b.in']);
    expect(ok(r).flow.nodes.find((n) => n.id === 'a')?.data.isBegin).toBe(true);
    expectValid(r);
    const noStart = repairFlow({ nodes: [{ id: 'x', type: 'displayNode' }], edges: [] });
    expect(ok(noStart).flow.nodes.map((n) => n.type)).toEqual(['beginNode', 'displayNode']);
    expect(linkIds(noStart)).toEqual(['start.out>x.in']);
  });

  it('makes ids safe and unique, and strips the NUL character from settings', () => {
    const r = repairFlow({
      nodes: [
        { id: 'same', type: 'beginNode' },
        { id: 'same', type: 'displayNode', data: { text: 'a\u0000b', 'k\u0000': 1 } },
        { id: '<script>', type: 'inputNode' },
      ],
      edges: [],
    });
    const ids = ok(r).flow.nodes.map((n) => n.id);
    expect(new Set(ids).size).toBe(3);
    expect(ids.every((id) => /^[A-Za-z0-9_-]+$/.test(id))).toBe(true);
    expect(ok(r).flow.nodes[1].data).toMatchObject({ text: 'ab', k: 1 });
    expectValid(r);
  });

  it('lays the planner’s flow out with the main path on one row', () => {
    const r = ok(repairFlow(planFlow('a lesson on tides with a quiz').flow));
    const path = ['start', 'intro', 'questions', 'quiz', 'question', 'feedback', 'show-feedback', 'journal'];
    const at = (id: string) => r.flow.nodes.find((n) => n.id === id)?.position;
    expect(path.map((id) => at(id)?.y)).toEqual(path.map(() => 0));
    expect(path.map((id) => at(id)?.x)).toEqual([...path.map((_, i) => i * 360)]);
  });
});

const TYPES = NODE_CATALOGUE.map((s) => s.type);
const idArb = fc.oneof(fc.constantFrom('start', 'a', 'b', 'c', 'd', 'e'), fc.string({ maxLength: 8 }));
const handleArb = fc.option(
  fc.oneof(
    fc.constantFrom('in', 'out', 'text', 'exec', 'quiz', 'response', 'feedback', 'entry'),
    fc.string(),
  ),
);
const nodeArb = fc.record(
  { id: idArb, type: fc.oneof(fc.constantFrom(...TYPES), fc.string()), data: fc.option(fc.jsonValue()) },
  { requiredKeys: [] },
);
const edgeArb = fc.record(
  { source: idArb, target: idArb, sourceHandle: handleArb, targetHandle: handleArb },
  { requiredKeys: [] },
);
const flowArb = fc.record({
  nodes: fc.array(nodeArb, { maxLength: 25 }),
  edges: fc.array(edgeArb, { maxLength: 40 }),
});
/** What a model may answer: a flow as JSON (maybe in prose or fences, maybe cut off), or anything at all. */
const answerArb = fc.oneof(
  flowArb.map((f) => JSON.stringify(f)),
  flowArb.map((f) => `Sure!\n\`\`\`json\n${JSON.stringify(f)}\n\`\`\``),
  flowArb.chain((f) => {
    const s = JSON.stringify(f);
    return fc.nat(s.length).map((n) => s.slice(0, n));
  }),
  fc.string(),
  fc.jsonValue().map((v) => JSON.stringify(v)),
);

describe('[GENERATOR] property: any model output gives a valid flow or a reason, never a broken flow', () => {
  it('holds for any prompt and any answer', () => {
    let repaired = 0;
    fc.assert(
      fc.property(fc.string(), answerArb, (prompt, answer) => {
        for (const input of [answer, planFlow(prompt).flow]) {
          const r = repairFlow(input);
          if (r.ok) {
            expectValid(r);
            if (input === answer) repaired += 1;
          } else expect(['not-json', 'no-flow', 'too-small']).toContain(r.reason);
        }
      }),
      { numRuns: 400 },
    );
    // The generator must really exercise repairs, not only refuse.
    expect(repaired).toBeGreaterThan(40);
  });
});

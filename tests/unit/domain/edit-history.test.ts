import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  canRedo,
  canUndo,
  createHistory,
  currentSnapshot,
  isDirty,
  MAX_SNAPSHOTS,
  markSaved,
  push,
  redo,
  reset,
  restoreEdges,
  type THistory,
  type TSnapshot,
  undo,
} from '../../../src/shared/domain/edit-history';
import type { TFlowEdge, TFlowNode } from '../../../src/shared/domain/link-rules';

type TNode = TFlowNode & { position: { x: number; y: number } };
type TSnap = TSnapshot<TNode, TFlowEdge>;

const n = (id: string, x = 0): TNode => ({
  id,
  type: 'textNode',
  position: { x, y: 0 },
  data: { label: id },
});
const e = (id: string, source: string, target: string, extra: Partial<TFlowEdge> = {}): TFlowEdge => ({
  id,
  source,
  sourceHandle: 'out',
  target,
  targetHandle: 'in',
  ...extra,
});
const snap = (nodes: TNode[], edges: TFlowEdge[] = []): TSnap => ({ nodes, edges });
/** A deep copy, as the canvas or IndexedDB would hand over: equal content, new objects. */
const clone = (s: TSnap): TSnap => structuredClone(s);

const S0 = snap([n('a'), n('b')]);
const S1 = snap([n('a', 10), n('b')]);
const S2 = snap([n('a', 10), n('b', 20)], [e('e1', 'a', 'b')]);

const build = (...snaps: TSnap[]): THistory<TNode, TFlowEdge> =>
  snaps.slice(1).reduce((h, s) => push(h, s), createHistory(snaps[0]));

describe('edit history (spec 01 §4)', () => {
  it('starts with the loaded flow as the saved snapshot', () => {
    const h = createHistory(S0);
    expect(h).toEqual({ snapshots: [S0], index: 0, savedIndex: 0 });
    expect(isDirty(h)).toBe(false);
    expect(canUndo(h) || canRedo(h)).toBe(false);
  });

  it('adds a snapshot only if it differs from the current one', () => {
    const h = build(S0, S1);
    expect(push(h, clone(S1))).toBe(h);
    expect(push(h, S2).snapshots).toHaveLength(3);
    expect(isDirty(h)).toBe(true);
  });

  it('treats a different order of nodes as a change', () => {
    const h = createHistory(S0);
    expect(push(h, snap([S0.nodes[1], S0.nodes[0]])).snapshots).toHaveLength(2);
  });

  it('discards the redo branch when adding after an undo', () => {
    const h = build(S0, S1, S2);
    const back = undo(undo(h).history).history;
    expect(back.index).toBe(0);
    const next = push(back, snap([n('z')]));
    expect(next.snapshots.map((s) => s.nodes.map((x) => x.id).join())).toEqual(['a,b', 'z']);
    expect(canRedo(next)).toBe(false);
  });

  it('undo and redo move within 0..length-1 and restore nodes, edges and connected handles', () => {
    const h = build(S0, S1, S2);
    const u = undo(h);
    expect(u).toMatchObject({ moved: true, snapshot: S1 });
    expect(u.history.index).toBe(1);
    expect(u.connectedHandles).toEqual(new Set());
    const r = redo(u.history);
    expect(r.snapshot).toEqual(S2);
    expect(r.connectedHandles).toEqual(new Set(['a:out', 'b:in']));
    const end = redo(r.history);
    expect(end.moved).toBe(false);
    expect(end.history).toBe(r.history);
    const start = undo(undo(undo(h).history).history);
    expect(start.moved).toBe(false);
    expect(start.history.index).toBe(0);
    expect(start.snapshot).toEqual(S0);
  });

  it('reset leaves a single snapshot', () => {
    const h = reset(build(S0, S1, S2), S1);
    expect(h).toEqual({ snapshots: [S1], index: 0, savedIndex: 0 });
    expect(isDirty(reset(h, S2, false))).toBe(true);
  });

  it('saving truncates the redo entries and marks the current snapshot saved', () => {
    const back = undo(build(S0, S1, S2)).history;
    const saved = markSaved(back);
    expect(saved.snapshots).toEqual([S0, S1]);
    expect(saved.savedIndex).toBe(1);
    expect(isDirty(saved)).toBe(false);
    const edited = push(saved, S2);
    expect(isDirty(edited)).toBe(true);
    expect(isDirty(undo(edited).history)).toBe(false);
  });

  it('forgets the saved snapshot when it falls in a discarded redo branch', () => {
    const h = undo(markSaved(build(S0, S1, S2))).history;
    expect(push(h, snap([n('z')])).savedIndex).toBe(-1);
  });

  it('never changes a history it is given', () => {
    const h = Object.freeze(build(S0, S1));
    Object.freeze(h.snapshots);
    expect(() => [push(h, S2), undo(h), redo(h), markSaved(h), reset(h, S0)]).not.toThrow();
    expect(h.snapshots).toHaveLength(2);
  });
});

describe('restoreEdges', () => {
  const marker = { type: 'arrowclosed', color: '#000' };
  const thick = e('t', 'a', 'b', { type: 'default', style: { strokeWidth: 8 }, markerEnd: marker });

  it('takes the marker end type off width-8 edges that are not smoothstep', () => {
    const smooth = { ...thick, id: 's', type: 'smoothstep' };
    const thin = { ...thick, id: 'n', style: { strokeWidth: 2 } };
    const named = { ...thick, id: 'm', markerEnd: 'arrow' };
    const out = restoreEdges([thick, smooth, thin, named]);
    expect(out[0].markerEnd).toEqual({ color: '#000' });
    expect(out[1]).toBe(smooth);
    expect(out[2]).toBe(thin);
    expect('markerEnd' in out[3]).toBe(false);
    expect(thick.markerEnd).toBe(marker);
  });

  it('returns the same array when nothing changes', () => {
    const edges = [e('x', 'a', 'b')];
    expect(restoreEdges(edges)).toBe(edges);
  });

  it('is applied on undo, and pushing the restored snapshot back is not a new step', () => {
    const h = build(S0, snap([...S0.nodes], [thick]), S1);
    const u = undo(h);
    expect(u.snapshot.edges[0].markerEnd).toEqual({ color: '#000' });
    const again = push(u.history, clone(u.snapshot));
    expect(again).toBe(u.history);
    expect(canRedo(again)).toBe(true);
  });
});

describe('memory', () => {
  it('shares unchanged nodes and edges, and the unchanged parts of changed ones', () => {
    const h = build(S0, clone(S1));
    const [before, after] = h.snapshots;
    expect(after.nodes[1]).toBe(before.nodes[1]);
    expect(after.nodes[0]).not.toBe(before.nodes[0]);
    expect(after.nodes[0].data).toBe(before.nodes[0].data);
    expect(after.edges).toBe(before.edges);
  });

  it('keeps at most MAX_SNAPSHOTS snapshots, dropping the oldest and moving the indexes', () => {
    let h = markSaved(build(S0, ...Array.from({ length: 10 }, (_, i) => snap([n('a', i + 1)]))));
    expect(h.savedIndex).toBe(10);
    for (let i = 0; i < MAX_SNAPSHOTS - 5; i++) h = push(h, snap([n('b', i)]));
    // 11 + 995 snapshots: the 6 oldest went, so the saved one (index 10) is now at index 4.
    expect(h.snapshots).toHaveLength(MAX_SNAPSHOTS);
    expect(h.index).toBe(MAX_SNAPSHOTS - 1);
    expect(h.savedIndex).toBe(4);
    expect(h.snapshots[4].nodes[0].position.x).toBe(10);
    for (let i = 0; i < 5; i++) h = push(h, snap([n('c', i)]));
    expect(h.snapshots).toHaveLength(MAX_SNAPSHOTS);
    expect(h.savedIndex).toBe(-1);
  });

  it('1,000 one-node moves of a 1,000-node flow hold about 2,000 node objects, not 1,000,000', () => {
    const size = 1000;
    let nodes = Array.from({ length: size }, (_, i) => n(`n${i}`, i));
    let h = createHistory(snap(nodes));
    for (let step = 0; step < 1000; step++) {
      // Every push hands over fresh objects for all nodes, as the canvas would after a drag.
      nodes = nodes.map((x, i) => ({ ...x, position: { x: x.position.x + (i === step ? 1 : 0), y: 0 } }));
      h = push(h, snap(nodes.map((x) => ({ ...x, data: { ...x.data } }))));
    }
    expect(h.snapshots).toHaveLength(MAX_SNAPSHOTS);
    const nodeObjects = new Set(h.snapshots.flatMap((s) => s.nodes));
    const dataObjects = new Set(h.snapshots.flatMap((s) => s.nodes.map((x) => x.data)));
    expect(nodeObjects.size).toBeLessThanOrEqual(size + 1000);
    expect(nodeObjects.size).toBeGreaterThanOrEqual(size);
    expect(dataObjects.size).toBe(size);
  }, 20_000);
});

describe('edit history: properties', () => {
  const snapshotArb: fc.Arbitrary<TSnap> = fc
    .record({
      nodes: fc.uniqueArray(
        fc.record({ id: fc.constantFrom('a', 'b', 'c'), x: fc.integer({ min: 0, max: 1 }) }),
        {
          selector: (r) => r.id,
          maxLength: 3,
        },
      ),
      edges: fc.subarray([e('e1', 'a', 'b'), e('e2', 'b', 'c')]),
    })
    .map((r) =>
      snap(
        r.nodes.map((x) => n(x.id, x.x)),
        r.edges.map((x) => ({ ...x })),
      ),
    );
  const opArb = fc.oneof(
    snapshotArb.map((s) => ({ op: 'push' as const, s })),
    fc.constant({ op: 'undo' as const }),
    fc.constant({ op: 'redo' as const }),
    fc.constant({ op: 'save' as const }),
  );

  it('keeps its indexes in range, behaves like a plain list model, and undo then redo returns', () => {
    fc.assert(
      fc.property(snapshotArb, fc.array(opArb, { maxLength: 40 }), (first, ops) => {
        let h = createHistory(first);
        const model = { list: [JSON.stringify(first)], index: 0, saved: 0 };
        for (const o of ops) {
          if (o.op === 'push') {
            h = push(h, o.s);
            const json = JSON.stringify(o.s);
            if (json !== model.list[model.index]) {
              model.list = [...model.list.slice(0, model.index + 1), json];
              if (model.saved > model.index) model.saved = -1;
              model.index = model.list.length - 1;
            }
          } else if (o.op === 'undo') {
            h = undo(h).history;
            model.index = Math.max(0, model.index - 1);
          } else if (o.op === 'redo') {
            h = redo(h).history;
            model.index = Math.min(model.list.length - 1, model.index + 1);
          } else {
            h = markSaved(h);
            model.list = model.list.slice(0, model.index + 1);
            model.saved = model.index;
          }
          expect(h.index).toBeGreaterThanOrEqual(0);
          expect(h.index).toBeLessThan(h.snapshots.length);
          expect(h.snapshots.map((s) => JSON.stringify(s))).toEqual(model.list);
          expect([h.index, h.savedIndex]).toEqual([model.index, model.saved]);
          if (canUndo(h)) {
            const back = redo(undo(h).history);
            expect(back.history.index).toBe(h.index);
            expect(back.snapshot).toEqual(currentSnapshot(h));
          }
        }
      }),
      { numRuns: 300 },
    );
  });
});

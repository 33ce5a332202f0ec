import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { createHistory, push, type THistory, undo } from '../../src/shared/domain/edit-history';
import { newId } from '../../src/shared/domain/ids';
import { benchGraph } from './canvas.data';

/**
 * The edit history's memory, measured in Node with the domain module the canvas uses: the heap used
 * (after a full GC) by a history of `steps` steps on a `count`-block flow, minus the flow itself.
 * Steps mix what teachers do: 80 % move a block (a drag), 10 % rename one, 10 % add one. Each step
 * is pushed as the canvas pushes it: the previous graph with the changed objects replaced.
 */
setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc') as () => void;

function heapUsed(): number {
  for (let i = 0; i < 3; i++) gc();
  return process.memoryUsage().heapUsed;
}

type TGraph = ReturnType<typeof benchGraph>;
type TStep = (g: TGraph, i: number) => TGraph;

const move: TStep = (g, i) => {
  const k = (i * 7919) % g.nodes.length;
  const nodes = g.nodes.map((n, j) =>
    j === k ? { ...n, position: { x: n.position.x + 10, y: n.position.y } } : n,
  );
  return { nodes, edges: g.edges };
};
const rename: TStep = (g, i) => {
  const k = (i * 104729) % g.nodes.length;
  const nodes = g.nodes.map((n, j) => (j === k ? { ...n, data: { ...n.data, label: `Renamed ${i}` } } : n));
  return { nodes, edges: g.edges };
};
const addNode: TStep = (g, i) => ({
  nodes: [...g.nodes, { id: newId(), type: 'textNode', position: { x: i, y: -200 }, data: { label: 'New' } }],
  edges: g.edges,
});

export function historyMemory(count: number, steps: number) {
  let g = benchGraph(count);
  const before = heapUsed();
  let h: THistory = createHistory(g);
  for (let i = 0; i < steps; i++) {
    g = (i % 10 === 8 ? rename : i % 10 === 9 ? addNode : move)(g, i);
    h = push(h, g);
  }
  g = benchGraph(0);
  const bytes = heapUsed() - before;
  const t0 = performance.now();
  const r = undo(h);
  const undoMs = performance.now() - t0;
  // A history of full copies, as a naive one would keep, for the ratio: measured on 50 steps.
  const copies: unknown[] = [];
  const base = heapUsed();
  for (let i = 0; i < 50; i++) copies.push(structuredClone(h.snapshots[h.snapshots.length - 1]));
  const naivePerStep = (heapUsed() - base) / 50;
  return {
    bytes,
    snapshots: h.snapshots.length,
    undoMs,
    naiveBytes: naivePerStep * steps,
    kept: [r, copies.length],
  };
}

import { describe, expect, it } from 'vitest';
import type { TCanvasEdge, TCanvasNode, TGraphState } from '../../src/features/canvas/canvas.types';
import { cullGraph, regionKey, regionOf } from '../../src/features/canvas/cull';

/** A grid of `cols` × `rows` blocks 300 × 160 apart, each linked to the next in its row. */
function grid(cols: number, rows: number): TGraphState {
  const nodes: TCanvasNode[] = [];
  const edges: TCanvasEdge[] = [];
  for (let r = 0; r < rows; r++)
    for (let c = 0; c < cols; c++) {
      const id = `n${r}-${c}`;
      nodes.push({
        id,
        type: 'displayNode',
        position: { x: c * 300, y: r * 160 },
        measured: { width: 220, height: 110 },
        data: {},
      });
      if (c > 0) edges.push({ id: `e${r}-${c}`, source: `n${r}-${c - 1}`, target: id });
    }
  return { nodes, edges };
}

const ids = (xs: { id: string }[]) => xs.map((x) => x.id);
/** A view of 1024 × 768 at zoom 1 whose top-left corner is at flow point (x, y). */
const viewAt = (x: number, y: number, zoom = 1) => ({
  transform: [-x * zoom, -y * zoom, zoom] as const,
  width: 1024,
  height: 768,
});

describe('the region xyflow is given', () => {
  it('holds the whole view with at least half a view of margin, and stays put while panning within it', () => {
    const key = regionKey(viewAt(3000, 2000));
    const region = regionOf(key)!;
    expect(region.x).toBeLessThanOrEqual(3000 - 512);
    expect(region.y).toBeLessThanOrEqual(2000 - 512);
    expect(region.x + region.width).toBeGreaterThanOrEqual(3000 + 1024 + 512);
    expect(region.y + region.height).toBeGreaterThanOrEqual(2000 + 768 + 512);
    // 15 px a frame, as xyflow's auto-pan moves: 885 px in 60 frames crosses at most two cells of
    // half a view (512 px), so the region moves twice, not every frame.
    const keys = Array.from({ length: 60 }, (_, i) => regionKey(viewAt(3000 + 15 * i, 2000)));
    expect(new Set(keys).size).toBeLessThanOrEqual(3);
    expect(regionKey(viewAt(3000 + 2048, 2000))).not.toBe(key);
  });

  it('covers the view at any zoom', () => {
    for (const zoom of [0.4, 0.77, 1, 1.6, 2]) {
      const view = viewAt(-1234, 5678, zoom);
      const r = regionOf(regionKey(view))!;
      const w = view.width / zoom;
      const h = view.height / zoom;
      expect(r.x).toBeLessThanOrEqual(-1234 - w / 2);
      expect(r.x + r.width).toBeGreaterThanOrEqual(-1234 + w * 1.5);
      expect(r.y + r.height).toBeGreaterThanOrEqual(5678 + h * 1.5);
    }
  });

  it('has no region before xyflow knows its size', () => {
    expect(regionOf(regionKey({ transform: [0, 0, 1], width: 0, height: 0 }))).toBeNull();
  });
});

describe('cullGraph', () => {
  const g = grid(40, 25);
  const region = { x: 0, y: 0, width: 1000, height: 500 };

  it('keeps the blocks in the region and the links touching them with both their ends, in order', () => {
    const c = cullGraph(g, region);
    // Columns 0–3 (x ≤ 900) and rows 0–3 (y ≤ 480) are in; column 4 is the far end of a link.
    expect(ids(c.nodes)).toEqual([0, 1, 2, 3].flatMap((r) => [0, 1, 2, 3, 4].map((col) => `n${r}-${col}`)));
    expect(ids(c.edges)).toEqual([0, 1, 2, 3].flatMap((r) => [1, 2, 3, 4].map((col) => `e${r}-${col}`)));
    for (const e of c.edges) {
      expect(c.nodes.some((n) => n.id === e.source)).toBe(true);
      expect(c.nodes.some((n) => n.id === e.target)).toBe(true);
    }
  });

  it('keeps every selected or dragged block and selected link, however far away', () => {
    const nodes = g.nodes.map((n) =>
      n.id === 'n20-30' ? { ...n, selected: true } : n.id === 'n22-35' ? { ...n, dragging: true } : n,
    );
    const edges = g.edges.map((e) => (e.id === 'e24-39' ? { ...e, selected: true } : e));
    const c = cullGraph({ nodes, edges }, region);
    expect(ids(c.nodes)).toEqual(expect.arrayContaining(['n20-30', 'n22-35', 'n24-38', 'n24-39']));
    expect(ids(c.edges)).toContain('e24-39');
  });

  it('keeps a long link that crosses the region with both ends outside it', () => {
    const far: TGraphState = {
      nodes: [
        { id: 'a', position: { x: -5000, y: 100 }, measured: { width: 220, height: 110 }, data: {} },
        { id: 'b', position: { x: 5000, y: 100 }, measured: { width: 220, height: 110 }, data: {} },
        { id: 'c', position: { x: 5000, y: 9000 }, measured: { width: 220, height: 110 }, data: {} },
      ],
      edges: [
        { id: 'ab', source: 'a', target: 'b' },
        { id: 'bc', source: 'b', target: 'c' },
      ],
    };
    const c = cullGraph(far, region);
    expect(ids(c.edges)).toEqual(['ab']);
    expect(ids(c.nodes)).toEqual(['a', 'b']);
  });

  it('hands back the previous arrays when the same items are kept, and new ones when one changed', () => {
    const first = cullGraph(g, region);
    // A block far away moved (another frame of the graph): xyflow is handed the same arrays.
    const moved = g.nodes.map((n) => (n.id === 'n24-39' ? { ...n, position: { x: 11_800, y: 3900 } } : n));
    const again = cullGraph({ nodes: moved, edges: g.edges }, { ...region }, first);
    expect(again.nodes).toBe(first.nodes);
    expect(again.edges).toBe(first.edges);
    // A block in the region moved: only its object is new, the others are the same objects.
    const near = g.nodes.map((n) => (n.id === 'n1-1' ? { ...n, position: { x: 310, y: 170 } } : n));
    const third = cullGraph({ nodes: near, edges: g.edges }, region, again);
    expect(third.nodes).not.toBe(first.nodes);
    expect(third.nodes.filter((n, i) => n !== first.nodes[i]).map((n) => n.id)).toEqual(['n1-1']);
    expect(third.edges).toBe(first.edges);
  });
});

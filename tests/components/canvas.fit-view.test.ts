import { afterEach, describe, expect, it } from 'vitest';
import type { TCanvasNode } from '../../src/features/canvas/canvas.types';
import {
  fitWhole,
  READABLE_ZOOM,
  type TView,
  viewFor,
} from '../../src/features/canvas/components/opening-view';
import { LOD_ZOOM } from '../../src/features/canvas/lod';
import { graph } from '../../src/features/canvas/store/canvas.store';
import { setCanvasElement } from '../../src/features/canvas/viewport';

/** Blocks as xyflow measures them once drawn, in a row 300 px apart. */
const row = (count: number): TCanvasNode[] =>
  Array.from({ length: count }, (_, i) => ({
    id: `n${i}`,
    type: 'displayNode',
    position: { x: i * 300, y: 0 },
    measured: { width: 220, height: 110 },
    data: { label: 'displayNode' },
  }));

/** The canvas area of the editor at 1440×900, beside the palette and under the top bar. */
const DESK = { width: 1150, height: 780 };

afterEach(() => {
  setCanvasElement(null);
  graph.set({ nodes: [], edges: [] });
});

describe('Fit view', () => {
  it('fits a 9-block row at a zoom whose texts can be read, not as text-less boxes', () => {
    const el = document.createElement('div');
    el.getBoundingClientRect = () =>
      ({ ...DESK, left: 0, top: 0, right: DESK.width, bottom: DESK.height }) as DOMRect;
    setCanvasElement(el);
    graph.set({ nodes: row(9), edges: [] });
    let placed: TView | null = null;
    fitWhole({ setViewport: (v) => (placed = v) });
    expect(placed).not.toBeNull();
    const zoom = (placed as unknown as TView).zoom;
    expect(zoom).toBeGreaterThanOrEqual(READABLE_ZOOM);
    expect(zoom).toBeGreaterThan(LOD_ZOOM);
    // Too wide for the screen at that zoom: it starts at its first block, which is in view.
    expect((placed as unknown as TView).x).toBeGreaterThan(0);
  });

  it('still fits a small flow that fits, centred and not blown past 120 %', () => {
    const view = viewFor(row(3), DESK, READABLE_ZOOM);
    expect(view?.zoom).toBeLessThanOrEqual(1.2);
    const width = (2 * 300 + 220) * (view?.zoom ?? 0);
    expect(view?.x).toBeCloseTo((DESK.width - width) / 2, 0);
  });

  it('fits a large flow whole, however far out', () => {
    const view = viewFor(row(40), DESK, READABLE_ZOOM);
    expect(view?.zoom).toBeLessThan(LOD_ZOOM);
    expect((40 * 300 - 80) * (view?.zoom ?? 1)).toBeLessThanOrEqual(DESK.width);
  });
});

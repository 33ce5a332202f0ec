import { Position } from '@xyflow/react';
import type { THandleSpec, TNodeSpec } from '../../shared/domain/node-catalogue';
import { nodeSpec } from '../../shared/domain/node-catalogue';
import type { TCanvasNode } from './canvas.types';

/**
 * A block's box and handle places, computed from the catalogue instead of read from the DOM. The
 * node CSS uses the same fixed sizes (canvas-nodes.css). xyflow draws every block once to measure it
 * unless it already knows its size and handles; with these, a 5,000-block flow draws only the blocks
 * in view (onlyRenderVisibleElements), and an undo does not re-measure the whole flow.
 */
export const NODE_WIDTH = 220;
const BORDER = 1;
const TOP = 36;
const PAD = 4;
const ROW = 24;
const BOTTOM = 22;

export type THandleRow = [THandleSpec | undefined, THandleSpec | undefined];

const rowsCache = new WeakMap<TNodeSpec, THandleRow[]>();
/** Inputs on the left, outputs on the right, paired row by row (the control path comes first). */
export function handleRows(spec: TNodeSpec): THandleRow[] {
  let rows = rowsCache.get(spec);
  if (!rows) {
    const ins = spec.handles.filter((h) => h.direction === 'input');
    const outs = spec.handles.filter((h) => h.direction === 'output');
    rows = Array.from({ length: Math.max(ins.length, outs.length) }, (_, i): THandleRow => [ins[i], outs[i]]);
    rowsCache.set(spec, rows);
  }
  return rows;
}

export const handleSize = (h: THandleSpec): number =>
  h.type === 'statement' || h.type === 'execution' ? 14 : 12;

type TLayout = { height: number; handles: NonNullable<TCanvasNode['handles']> };
const layoutCache = new WeakMap<TNodeSpec, TLayout>();

export function specLayout(spec: TNodeSpec): TLayout {
  let layout = layoutCache.get(spec);
  if (!layout) {
    const rows = handleRows(spec);
    const height = BORDER * 2 + TOP + (rows.length ? PAD * 2 + rows.length * ROW : 0) + BOTTOM;
    const handles: TLayout['handles'] = [];
    rows.forEach((row, i) => {
      const centreY = BORDER + TOP + PAD + i * ROW + ROW / 2;
      for (const h of row) {
        if (!h) continue;
        const size = handleSize(h);
        const input = h.direction === 'input';
        handles.push({
          id: h.handleId,
          type: input ? 'target' : 'source',
          position: input ? Position.Left : Position.Right,
          x: (input ? BORDER : NODE_WIDTH - BORDER) - size / 2,
          y: centreY - size / 2,
          width: size,
          height: size,
        });
      }
    });
    layout = { height, handles };
    layoutCache.set(spec, layout);
  }
  return layout;
}

/** The node with its known size and handles, unless xyflow has measured it already. */
export function withLayout(node: TCanvasNode): TCanvasNode {
  if (node.measured?.width || node.handles) return node;
  const spec = nodeSpec(node.type ?? '');
  if (!spec) return node;
  const { height, handles } = specLayout(spec);
  return { ...node, initialWidth: NODE_WIDTH, initialHeight: height, handles };
}

import type { TGeneratedEdge, TGeneratedFlow, TGeneratedNode } from '../../shared/contract/generator';

/**
 * A readable layout for a generated flow: the main path from Start runs left to right on row 0; each
 * block that feeds a step with data sits below, half a cell to the left of that step (outputs are on
 * a block's right, inputs on its left, so the link runs forward); anything else goes on a row of its
 * own at the bottom. Rows below 0 are shifted by half a cell, and every block gets its own cell of a
 * grid whose cells are larger than any block, so no two blocks overlap.
 */
export const CELL_W = 360;
export const CELL_H = 220;

export function layoutFlow(
  flow: { nodes: TGeneratedNode[]; edges: TGeneratedEdge[] },
  path: string[],
): TGeneratedFlow {
  const cell = new Map<string, { col: number; row: number }>();
  const taken = new Set<string>();
  const place = (id: string, col: number, row: number) => {
    let r = row;
    while (taken.has(`${col}:${r}`)) r += 1;
    taken.add(`${col}:${r}`);
    cell.set(id, { col, row: r });
  };
  path.forEach((id, i) => {
    place(id, i, 0);
  });
  // Data producers under their first consumer on the path (in link order).
  for (const e of flow.edges) {
    if (cell.has(e.source)) continue;
    const consumer = cell.get(e.target);
    if (consumer) place(e.source, consumer.col, 1);
  }
  // Producers of producers, then anything left, on rows further down.
  let changed = true;
  while (changed) {
    changed = false;
    for (const e of flow.edges) {
      const consumer = cell.get(e.target);
      if (cell.has(e.source) || !consumer) continue;
      place(e.source, consumer.row === 0 ? consumer.col : consumer.col - 1, consumer.row + 1);
      changed = true;
    }
  }
  const bottom = Math.max(0, ...[...cell.values()].map((c) => c.row)) + 1;
  let col = 0;
  for (const n of flow.nodes) if (!cell.has(n.id)) place(n.id, col++, bottom);
  return {
    nodes: flow.nodes.map((n) => {
      const c = cell.get(n.id) ?? { col: 0, row: 0 };
      const x = c.col * CELL_W - (c.row === 0 ? 0 : CELL_W / 2);
      return { ...n, position: { x, y: c.row * CELL_H } };
    }),
    edges: flow.edges,
  };
}

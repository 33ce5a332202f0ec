import { expect } from 'vitest';

/** Blocks are at most this big on the canvas (the widest block is 320 px, the tallest well under 200). */
const W = 320;
const H = 200;

export function expectNoOverlap(
  nodes: ReadonlyArray<{ id: string; position: { x: number; y: number } }>,
): void {
  for (const [i, a] of nodes.entries()) {
    for (const b of nodes.slice(i + 1)) {
      const apart = Math.abs(a.position.x - b.position.x) >= W || Math.abs(a.position.y - b.position.y) >= H;
      expect(apart, `${a.id} and ${b.id} overlap`).toBe(true);
    }
  }
}

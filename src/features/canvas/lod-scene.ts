import { EDGE_COLOURS } from '../../shared/domain/link-rules';
import { nodeSpec } from '../../shared/domain/node-catalogue';
import type { TGraphState } from './canvas.types';
import { GROUP_COLOUR } from './components/node-look';
import { NODE_WIDTH, specLayout } from './node-layout';

/**
 * The flow as the simplified drawing shows it (lod.ts): one box per block in its group colour (the
 * selection colour when selected), one straight line per link between its two handles. Grouped by
 * colour, so the whole flow paints as a few paths. Built once per graph state, never per frame.
 */
export type TLodScene = {
  /** colour → x, y, width, height of each box */
  boxes: Map<string, number[]>;
  /** colour → x1, y1, x2, y2 of each line */
  lines: Map<string, number[]>;
  blocks: number;
  links: number;
};

export const SELECTED_COLOUR = '#3b4bd8';
const UNKNOWN_COLOUR = '#fca5a5';
const BROKEN_COLOUR = '#dc2626';
const FALLBACK_HEIGHT = 100;

const add = (m: Map<string, number[]>, key: string, ...v: number[]) => {
  const list = m.get(key);
  if (list) list.push(...v);
  else m.set(key, v);
};

let cache: { nodes: unknown; edges: unknown; scene: TLodScene } | null = null;

export function lodScene(g: TGraphState): TLodScene {
  if (cache && cache.nodes === g.nodes && cache.edges === g.edges) return cache.scene;
  const boxes = new Map<string, number[]>();
  const lines = new Map<string, number[]>();
  const byId = new Map<string, { x: number; y: number; type: string }>();
  for (const n of g.nodes) {
    const spec = nodeSpec(n.type ?? '');
    const height = n.measured?.height ?? (spec ? specLayout(spec).height : FALLBACK_HEIGHT);
    const colour = n.selected ? SELECTED_COLOUR : spec ? GROUP_COLOUR[spec.group] : UNKNOWN_COLOUR;
    add(boxes, colour, n.position.x, n.position.y, NODE_WIDTH, height);
    byId.set(n.id, { x: n.position.x, y: n.position.y, type: n.type ?? '' });
  }
  const handleAt = (nodeId: string, handleId: string | null | undefined, side: 'source' | 'target') => {
    const n = byId.get(nodeId);
    if (!n) return null;
    const spec = nodeSpec(n.type);
    const h = spec && specLayout(spec).handles.find((x) => x.id === handleId && x.type === side);
    if (!h) return { x: n.x + (side === 'source' ? NODE_WIDTH : 0), y: n.y + 18 };
    return { x: n.x + h.x + (h.width ?? 0) / 2, y: n.y + h.y + (h.height ?? 0) / 2 };
  };
  let links = 0;
  for (const e of g.edges) {
    const a = handleAt(e.source, e.sourceHandle, 'source');
    const b = handleAt(e.target, e.targetHandle, 'target');
    if (!a || !b) continue;
    const colour = e.data?.broken
      ? BROKEN_COLOUR
      : e.selected
        ? SELECTED_COLOUR
        : ((e.style?.stroke as string | undefined) ?? EDGE_COLOURS.statement);
    add(lines, colour, a.x, a.y, b.x, b.y);
    links++;
  }
  const scene = { boxes, lines, blocks: g.nodes.length, links };
  cache = { nodes: g.nodes, edges: g.edges, scene };
  return scene;
}

/** The block under a flow position, topmost (last drawn) first; null over empty canvas. */
export function blockAt(g: TGraphState, x: number, y: number): string | null {
  for (let i = g.nodes.length - 1; i >= 0; i--) {
    const n = g.nodes[i];
    const spec = nodeSpec(n.type ?? '');
    const height = n.measured?.height ?? (spec ? specLayout(spec).height : FALLBACK_HEIGHT);
    const { x: nx, y: ny } = n.position;
    if (x >= nx && x <= nx + NODE_WIDTH && y >= ny && y <= ny + height) return n.id;
  }
  return null;
}

/** Paints the scene for the viewport transform [x, y, zoom] on a canvas of `pixelRatio`. */
export function paintScene(
  ctx: CanvasRenderingContext2D,
  scene: TLodScene,
  [tx, ty, zoom]: [number, number, number],
  pixelRatio: number,
): void {
  ctx.setTransform(1, 0, 0, 1, 0, 0);
  ctx.clearRect(0, 0, ctx.canvas.width, ctx.canvas.height);
  ctx.setTransform(zoom * pixelRatio, 0, 0, zoom * pixelRatio, tx * pixelRatio, ty * pixelRatio);
  // Lines under boxes, as links run under blocks; 1.5 screen pixels wide at any zoom.
  ctx.lineWidth = 1.5 / zoom;
  for (const [colour, v] of scene.lines) {
    ctx.strokeStyle = colour;
    ctx.beginPath();
    for (let i = 0; i < v.length; i += 4) {
      ctx.moveTo(v[i], v[i + 1]);
      ctx.lineTo(v[i + 2], v[i + 3]);
    }
    ctx.stroke();
  }
  for (const [colour, v] of scene.boxes) {
    ctx.fillStyle = colour;
    ctx.beginPath();
    for (let i = 0; i < v.length; i += 4) ctx.rect(v[i], v[i + 1], v[i + 2], v[i + 3]);
    ctx.fill();
  }
}

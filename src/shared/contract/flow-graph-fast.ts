import { FLOW_MAX_EDGES, FLOW_MAX_NODES, type TFlowEdge, type TFlowNode, ZUpdateFlowRequest } from './flows';
import { noNul } from './text';

/**
 * ZUpdateFlowRequest with a fast path for the graph, for bodies straight from JSON.parse. zod copies
 * every node and edge and runs each string's checks through its own machinery: on a 200-block save
 * (80 KB) that was 0.4–0.7 ms of the server's ~2.5 ms, the largest part after parsing the JSON.
 *
 * Plain checks accept only a graph that ZFlowNode / ZFlowEdge accept and would leave unchanged, and
 * take it as it is; anything else goes to zod, which then names the field, even what zod accepts
 * after changing it (an own `__proto__` key it drops, extra keys in a broken mark it strips).
 * tests/unit/flow-graph-fast.test.ts holds the checks to the schemas: change them together.
 */
export const ZUpdateFlowRequestFast = {
  safeParse(raw: unknown): ReturnType<typeof ZUpdateFlowRequest.safeParse> {
    if (plainObject(raw) && (raw.nodes !== undefined || raw.edges !== undefined)) {
      const { nodes, edges, ...rest } = raw;
      if ((nodes === undefined || nodesAsIs(nodes)) && (edges === undefined || edgesAsIs(edges))) {
        const parsed = ZUpdateFlowRequest.safeParse(rest);
        if (parsed.success) {
          if (nodes !== undefined) parsed.data.nodes = nodes as TFlowNode[];
          if (edges !== undefined) parsed.data.edges = edges as TFlowEdge[];
          return parsed;
        }
      }
    }
    return ZUpdateFlowRequest.safeParse(raw);
  },
};

/** What ZNodes accepts unchanged. */
export const nodesAsIs = (v: unknown): boolean =>
  Array.isArray(v) && v.length <= FLOW_MAX_NODES && v.every(nodeAsIs);

/** What ZEdges accepts unchanged. */
export const edgesAsIs = (v: unknown): boolean =>
  Array.isArray(v) && v.length <= FLOW_MAX_EDGES && v.every(edgeAsIs);

/** An object zod takes key by key: no array, no class instance, no own `__proto__` (zod drops it). */
const plainObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' &&
  v !== null &&
  Object.getPrototypeOf(v) === Object.prototype &&
  !Object.hasOwn(v, '__proto__');

/** zText().min(min).max(max): lengths in UTF-16 units, as zod counts them. */
const text = (v: unknown, min: number, max: number): boolean =>
  typeof v === 'string' && v.length >= min && v.length <= max && noNul(v);

const finite = (v: unknown): boolean => typeof v === 'number' && Number.isFinite(v);

function nodeAsIs(n: unknown): boolean {
  if (!plainObject(n) || !text(n.id, 1, 200)) return false;
  if (n.type !== undefined && !text(n.type, 1, 100)) return false;
  const p = n.position;
  if (!plainObject(p) || !finite(p.x) || !finite(p.y)) return false;
  const data = n.data;
  if (data === undefined) return true;
  // z.record(zText(), z.unknown()): the keys are text, the values are kept as they are
  return plainObject(data) && Object.keys(data).every(noNul);
}

/** zText().max(200).nullable().optional() */
const handle = (v: unknown): boolean => v === undefined || v === null || text(v, 0, 200);

function edgeAsIs(e: unknown): boolean {
  if (!plainObject(e) || !text(e.id, 1, 400) || !text(e.source, 1, 200) || !text(e.target, 1, 200))
    return false;
  if (!handle(e.sourceHandle) || !handle(e.targetHandle)) return false;
  if (e.type !== undefined && !text(e.type, 0, 100)) return false;
  const data = e.data;
  if (data === undefined) return true;
  if (!plainObject(data)) return false;
  const broken = data.broken;
  if (broken === undefined) return true;
  // ZBrokenMark strips other keys, so only a mark with exactly its two is kept as it is
  return (
    plainObject(broken) &&
    Object.keys(broken).length === 2 &&
    text(broken.code, 0, Number.POSITIVE_INFINITY) &&
    text(broken.reason, 0, Number.POSITIVE_INFINITY)
  );
}

import { newId } from './ids';
import {
  nodeSpec,
  type THandleDirection,
  type THandleSpec,
  type THandleType,
  type TNodeSpec,
} from './node-catalogue';

/**
 * The canvas link rules of spec 01 §4, written once: the canvas checks a link while it is drawn,
 * paste and import mark the links they cannot keep, and the server refuses a save that breaks them.
 * Types are structural and generic so xyflow's own node and edge objects can be passed as they are.
 */

export type TFlowNode = { id: string; type?: string; data?: Record<string, unknown> };

export type TFlowEdge = {
  id: string;
  source: string;
  target: string;
  sourceHandle?: string | null;
  targetHandle?: string | null;
  type?: string;
  data?: Record<string, unknown>;
  style?: { stroke?: string; strokeWidth?: number | string };
  animated?: boolean;
  markerEnd?: unknown;
};

export type TGraph<N extends TFlowNode = TFlowNode, E extends TFlowEdge = TFlowEdge> = {
  nodes: ReadonlyArray<N>;
  edges: ReadonlyArray<E>;
};

export type TConnection = {
  source: string;
  sourceHandle?: string | null;
  target: string;
  targetHandle?: string | null;
};

export type TLinkContext = {
  /** The user profile's linkedWithGoogleSpreadSheet flag (spec 01 §3). */
  userLinkedWithGoogleSpreadsheet?: boolean;
  /** An edge to leave out of the counts, e.g. the one being reconnected. */
  ignoreEdgeId?: string;
};

/** English reason per refusal code; the UI translates by code. */
export const LINK_REFUSAL_TEXT = {
  'missing-node': 'The link points to a block that is not in the flow.',
  'unknown-node-type': 'The link touches a block type that is not known.',
  'self-link': 'A block cannot link to itself.',
  'unknown-handle': 'The block has no such connection point.',
  'wrong-direction': 'A link goes from an output to an input.',
  'video-only': 'Video connection points link only to video connection points.',
  'type-mismatch': 'Only connection points of the same data type can be linked.',
  duplicate: 'These two connection points are already linked.',
  'statement-source-taken': 'This block already leads to a next step.',
  'statement-target-taken': 'This block already has a step leading to it.',
  'input-taken': 'This input already has a link.',
  'spreadsheet-not-linked': 'Link your Google account or choose a spreadsheet before sending rows to it.',
} as const;

export type TLinkRefusal = keyof typeof LINK_REFUSAL_TEXT;
export const LINK_REFUSALS = Object.keys(LINK_REFUSAL_TEXT) as ReadonlyArray<TLinkRefusal>;

export type TLinkResult =
  | { ok: true; type: THandleType; sourceHandle: string; targetHandle: string }
  | { ok: false; code: TLinkRefusal; reason: string };

/** Sources whose statement outputs may fan out (spec 01 §4). */
const FAN_OUT_TYPES: ReadonlySet<string> = new Set(['findWordNode', 'multiTurnConversationNode']);
/** Inputs of these types accept many links; statement inputs follow the per-node rule instead. */
const MANY_IN: ReadonlySet<THandleType> = new Set(['execution', 'branch']);
const SPREADSHEET_NODE = 'writeToGoogleSpreadsheetNode';
export const START_NODE_TYPE = 'beginNode';

const refuse = (code: TLinkRefusal, reason: string = LINK_REFUSAL_TEXT[code]): TLinkResult => ({
  ok: false,
  code,
  reason,
});

/**
 * A missing handle id means xyflow's default handle; it resolves when the node has exactly one handle
 * in that direction. A handle id that exists only in the other direction resolves too, so the caller
 * can tell "wrong direction" from "no such handle".
 */
function resolveHandle(
  spec: TNodeSpec,
  handleId: string | null | undefined,
  direction: THandleDirection,
): THandleSpec | undefined {
  if (handleId) return spec.handles.find((h) => h.handleId === handleId);
  let found: THandleSpec | undefined;
  for (const h of spec.handles) {
    if (h.direction !== direction) continue;
    if (found) return undefined;
    found = h;
  }
  return found;
}

const specOf = (node: TFlowNode | undefined): TNodeSpec | undefined => node && nodeSpec(node.type ?? '');

const isDataType = (t: THandleType): boolean => t !== 'statement' && !MANY_IN.has(t);

function hasSpreadsheet(node: TFlowNode, ctx: TLinkContext): boolean {
  const d = node.data ?? {};
  return Boolean(ctx.userLinkedWithGoogleSpreadsheet || d.owner || d.spreadsheetId || d.spreadsheetName);
}

export type TLinkChecker = {
  check(conn: TConnection): TLinkResult;
  /** Counts a link as present (validateGraph adds each accepted link before checking the next). */
  add(conn: TConnection): void;
  /** check, and count the link when it is accepted: one link of a graph checked in order. */
  accept(conn: TConnection): TLinkResult;
};

/**
 * Indexes the graph once so that each check is O(1): the canvas checks every handle of every node
 * while a link is dragged (to dim the unreachable ones), and the server checks every edge on save.
 */
export function createLinkChecker(graph: TGraph, ctx: TLinkContext = {}): TLinkChecker {
  const nodes = new Map(graph.nodes.map((n) => [n.id, n]));
  const links = new Set<string>();
  const statementOut = new Set<string>();
  const statementIn = new Set<string>();
  const inputsUsed = new Set<string>();

  /** Counts a link whose ends resolved to these handles (or to none). */
  const count = (conn: TConnection, sh: THandleSpec | undefined, th: THandleSpec | undefined) => {
    const sid = sh?.handleId ?? conn.sourceHandle ?? '';
    const tid = th?.handleId ?? conn.targetHandle ?? '';
    links.add(`${conn.source}\u0000${sid}\u0000${conn.target}\u0000${tid}`);
    if (sh?.type === 'statement') statementOut.add(conn.source);
    if (th?.type === 'statement') statementIn.add(conn.target);
    if (th && isDataType(th.type)) inputsUsed.add(`${conn.target}\u0000${tid}`);
  };

  const add = (conn: TConnection): void => {
    const ss = specOf(nodes.get(conn.source));
    const ts = specOf(nodes.get(conn.target));
    count(
      conn,
      ss && resolveHandle(ss, conn.sourceHandle, 'output'),
      ts && resolveHandle(ts, conn.targetHandle, 'input'),
    );
  };

  const run = (conn: TConnection, accepting: boolean): TLinkResult => {
    const s = nodes.get(conn.source);
    const t = nodes.get(conn.target);
    if (!s || !t) return refuse('missing-node');
    if (conn.source === conn.target) return refuse('self-link');
    const ss = specOf(s);
    const ts = specOf(t);
    if (!ss) return refuse('unknown-node-type', `The block type ${s.type ?? '(none)'} is unknown.`);
    if (!ts) return refuse('unknown-node-type', `The block type ${t.type ?? '(none)'} is unknown.`);
    const sh = resolveHandle(ss, conn.sourceHandle, 'output');
    const th = resolveHandle(ts, conn.targetHandle, 'input');
    if (!sh || !th) return refuse('unknown-handle');
    if (sh.direction !== 'output' || th.direction !== 'input') return refuse('wrong-direction');
    if ((sh.type === 'video') !== (th.type === 'video')) return refuse('video-only');
    if (sh.type !== th.type) {
      return refuse('type-mismatch', `A ${sh.type} output cannot link to a ${th.type} input.`);
    }
    const type = sh.type;
    if (links.has(`${s.id}\u0000${sh.handleId}\u0000${t.id}\u0000${th.handleId}`)) return refuse('duplicate');
    if (type === 'statement' && statementOut.has(s.id) && !FAN_OUT_TYPES.has(s.type ?? '')) {
      return refuse('statement-source-taken');
    }
    if (type === 'statement' && statementIn.has(t.id)) return refuse('statement-target-taken');
    if (isDataType(type) && inputsUsed.has(`${t.id}\u0000${th.handleId}`)) return refuse('input-taken');
    if (type === 'csv' && t.type === SPREADSHEET_NODE && !hasSpreadsheet(t, ctx)) {
      return refuse('spreadsheet-not-linked');
    }
    if (accepting) count(conn, sh, th);
    return { ok: true, type, sourceHandle: sh.handleId, targetHandle: th.handleId };
  };

  for (const e of graph.edges) if (e.id !== ctx.ignoreEdgeId) add(e);
  return { check: (conn) => run(conn, false), add, accept: (conn) => run(conn, true) };
}

/** One check against the whole graph; use createLinkChecker to check many connections. */
export const checkConnection = (conn: TConnection, graph: TGraph, ctx?: TLinkContext): TLinkResult =>
  createLinkChecker(graph, ctx).check(conn);

export type TBrokenLink = { edgeId: string; code: TLinkRefusal; reason: string };
export type TGraphReport = {
  ok: boolean;
  broken: TBrokenLink[];
  unknownNodes: Array<{ nodeId: string; type: string }>;
};

/**
 * Everything validateGraph reads of the blocks and the context, as text: each block's id and type and,
 * for a spreadsheet block, what hasSpreadsheet finds in its data. With the links' own text it decides
 * the report, so a server may skip checking a graph again whose key and links have passed before (a
 * canvas save after blocks were only moved or edited). A rule that comes to read more must add it
 * here. Fields are joined by NUL, which no id or type holds (the contract refuses it), three per
 * block, so two different lists of blocks never give the same key.
 */
export function linkRulesBlocksKey(nodes: ReadonlyArray<TFlowNode>, ctx: TLinkContext = {}): string {
  let key = ctx.userLinkedWithGoogleSpreadsheet ? '1' : '0';
  for (const n of nodes) {
    const sheet = n.type === SPREADSHEET_NODE ? (hasSpreadsheet(n, {}) ? '1' : '0') : '';
    key += `\u0000${n.id}\u0000${n.type ?? ''}\u0000${sheet}`;
  }
  return key;
}

/**
 * Checks every edge as if the links were drawn one by one in array order, so when two links compete
 * for a single-link slot the second is the broken one. Links touching an unknown node type are broken
 * ('unknown-node-type') and the nodes themselves are listed in unknownNodes.
 */
export function validateGraph(graph: TGraph, ctx?: TLinkContext): TGraphReport {
  const checker = createLinkChecker({ nodes: graph.nodes, edges: [] }, ctx);
  const broken: TBrokenLink[] = [];
  for (const edge of graph.edges) {
    const r = checker.accept(edge);
    if (!r.ok) broken.push({ edgeId: edge.id, code: r.code, reason: r.reason });
  }
  const unknownNodes = graph.nodes
    .filter((n) => !nodeSpec(n.type ?? ''))
    .map((n) => ({ nodeId: n.id, type: n.type ?? '' }));
  return { ok: broken.length === 0 && unknownNodes.length === 0, broken, unknownNodes };
}

/** Link colours per data type (spec 01 §4, §9). */
export const EDGE_COLOURS: Readonly<Record<THandleType, string>> = {
  statement: '#475569',
  execution: '#0f172a',
  text: '#2563eb',
  speech: '#db2777',
  image: '#16a34a',
  drive: '#ca8a04',
  knowledge: '#7c3aed',
  bank: '#c026d3',
  branch: '#ea580c',
  json: '#0891b2',
  xApiStatement: '#4f46e5',
  csv: '#65a30d',
  video: '#dc2626',
  file: '#78716c',
};

/** Control links (statement, execution) are drawn thick so the path through the flow stands out. */
const isControl = (type: THandleType): boolean => type === 'statement' || type === 'execution';

export function edgeStyleFor(type: THandleType): { stroke: string; strokeWidth: 8 | 2 } {
  return { stroke: EDGE_COLOURS[type], strokeWidth: isControl(type) ? 8 : 2 };
}

// SVG markers scale with the stroke width, so the marker size is divided by it to keep every arrow
// about 20 px whatever the link's width.
const ARROW_PX = 20;

export type TBuiltEdge = TFlowEdge & {
  sourceHandle: string | null;
  targetHandle: string | null;
  type: 'smoothstep' | 'default';
  style: { stroke: string; strokeWidth: 8 | 2 };
  markerEnd: { type: 'arrowclosed'; color: string; width: number; height: number };
  data: Record<string, unknown>;
};

/**
 * A new edge for an accepted connection (pass the handles and type from the check's result).
 * Control links are 'smoothstep', as in the spec; data links use xyflow's default curve.
 * A control link leaving Start carries data.condition = true: it marks the path a run begins on.
 */
export function buildEdge(
  conn: TConnection,
  type: THandleType,
  nodes: ReadonlyArray<TFlowNode>,
  id: string = newId(),
): TBuiltEdge {
  const style = edgeStyleFor(type);
  const size = ARROW_PX / style.strokeWidth;
  const fromStart = isControl(type) && nodes.find((n) => n.id === conn.source)?.type === START_NODE_TYPE;
  return {
    id,
    source: conn.source,
    target: conn.target,
    sourceHandle: conn.sourceHandle ?? null,
    targetHandle: conn.targetHandle ?? null,
    type: isControl(type) ? 'smoothstep' : 'default',
    style,
    markerEnd: { type: 'arrowclosed', color: style.stroke, width: size, height: size },
    data: fromStart ? { condition: true } : {},
  };
}

function without<T extends { data?: Record<string, unknown> }>(item: T, key: string): T {
  if (!item.data || !(key in item.data)) return item;
  const { [key]: _dropped, ...data } = item.data;
  return { ...item, data };
}

/**
 * Removes nodes and every link touching them (spec 01 §4). Deleting Start also resets the begin
 * conditions: edges leaving Start carry data.condition = true (the path a run begins on) and the
 * nodes they reach carry data.isBegin = true (the first step a learner sees). Without a Start no path
 * begins anywhere, so both flags are cleared, except those still justified by another remaining Start.
 * Untouched nodes and edges are returned as the same objects, which keeps edit history snapshots small.
 */
export function removeNodes<N extends TFlowNode, E extends TFlowEdge>(
  graph: TGraph<N, E>,
  nodeIds: Iterable<string>,
): { nodes: N[]; edges: E[] } {
  const gone = new Set(nodeIds);
  let nodes = graph.nodes.filter((n) => !gone.has(n.id));
  let edges = graph.edges.filter((e) => !gone.has(e.source) && !gone.has(e.target));
  const startRemoved = graph.nodes.some((n) => gone.has(n.id) && n.type === START_NODE_TYPE);
  if (!startRemoved) return { nodes, edges };
  const starts = new Set(nodes.filter((n) => n.type === START_NODE_TYPE).map((n) => n.id));
  edges = edges.map((e) => (starts.has(e.source) ? e : without(e, 'condition')));
  const begun = new Set(edges.filter((e) => starts.has(e.source) && e.data?.condition).map((e) => e.target));
  nodes = nodes.map((n) => (begun.has(n.id) ? n : without(n, 'isBegin')));
  return { nodes, edges };
}

/** `${source}:${sourceHandle}` and `${target}:${targetHandle}` of every link (spec 01 §4). */
export function connectedHandles(edges: ReadonlyArray<TFlowEdge>): Set<string> {
  const out = new Set<string>();
  for (const e of edges) {
    out.add(`${e.source}:${e.sourceHandle ?? ''}`);
    out.add(`${e.target}:${e.targetHandle ?? ''}`);
  }
  return out;
}

import { createLinkChecker, START_NODE_TYPE, type TFlowEdge, type TFlowNode } from '../link-rules';
import type { THandleType } from '../node-catalogue';
import { makeIssue, type TRuntimeIssue } from './state';
import { isRecord } from './values';

/** The flow as the runtime reads it: the saved document's nodes and edges (React Flow shapes). */
export type TRunFlow = {
  id?: string;
  name?: string;
  nodes: ReadonlyArray<TFlowNode>;
  edges: ReadonlyArray<TFlowEdge>;
};

export type TRunNode = { id: string; type: string; data: Record<string, unknown> };

/** A link the link rules accept, with its handles resolved (a missing handle id → the only one). */
export type TLink = {
  edgeId: string;
  source: string;
  sourceHandle: string;
  target: string;
  targetHandle: string;
  type: THandleType;
  /** The edge's data.condition: absent or true → followed; false → not; a string → an expression. */
  condition: unknown;
};

export type TCompiledFlow = {
  nodes: ReadonlyMap<string, TRunNode>;
  start: TRunNode | undefined;
  /** Links leaving each output handle, in edge order, keyed `${nodeId}\0${handleId}`. */
  out: ReadonlyMap<string, TLink[]>;
  /** The one link into each input handle (data, or many for execution/branch: the first kept here). */
  into: ReadonlyMap<string, TLink>;
  /** Distinct sources of the execution links into each node (Execution Merger waits for all). */
  execSources: ReadonlyMap<string, ReadonlySet<string>>;
  /** Links the link rules refuse: never followed, reported once when a run starts. */
  ignored: TRuntimeIssue[];
};

export const handleKey = (nodeId: string, handleId: string): string => `${nodeId}\u0000${handleId}`;

const cache = new WeakMap<object, TCompiledFlow>();

function normaliseNodes(flow: TRunFlow): TRunNode[] {
  const seen = new Set<string>();
  const nodes: TRunNode[] = [];
  for (const n of Array.isArray(flow.nodes) ? flow.nodes : []) {
    if (!isRecord(n) || typeof n.id !== 'string' || seen.has(n.id)) continue;
    seen.add(n.id);
    nodes.push({
      id: n.id,
      type: typeof n.type === 'string' ? n.type : '',
      data: isRecord(n.data) ? n.data : {},
    });
  }
  return nodes;
}

/**
 * Indexes a flow for walking. Links are checked with the canvas's own rules in edge order (as the
 * server's validateGraph does), so a flow imported with broken links runs exactly the links a teacher
 * could have drawn. Cached per flow object: resume passes the same flow on every answer.
 */
export function compileFlow(flow: TRunFlow): TCompiledFlow {
  const cached = cache.get(flow);
  if (cached) return cached;
  const nodeList = normaliseNodes(flow);
  const nodes = new Map(nodeList.map((n) => [n.id, n]));
  const checker = createLinkChecker({ nodes: nodeList, edges: [] });
  const out = new Map<string, TLink[]>();
  const into = new Map<string, TLink>();
  const execSources = new Map<string, Set<string>>();
  const ignored: TRuntimeIssue[] = [];
  for (const e of Array.isArray(flow.edges) ? flow.edges : []) {
    if (!isRecord(e) || typeof e.source !== 'string' || typeof e.target !== 'string') continue;
    const edgeId = typeof e.id === 'string' ? e.id : '';
    const conn = {
      source: e.source,
      target: e.target,
      sourceHandle: typeof e.sourceHandle === 'string' ? e.sourceHandle : null,
      targetHandle: typeof e.targetHandle === 'string' ? e.targetHandle : null,
    };
    const r = checker.accept(conn);
    if (!r.ok) {
      ignored.push(makeIssue('link-ignored', 'warning', { edgeId, nodeId: e.target, detail: r.code }));
      continue;
    }
    const link: TLink = {
      edgeId,
      source: e.source,
      sourceHandle: r.sourceHandle,
      target: e.target,
      targetHandle: r.targetHandle,
      type: r.type,
      condition: isRecord(e.data) ? e.data.condition : undefined,
    };
    const from = handleKey(link.source, link.sourceHandle);
    out.set(from, [...(out.get(from) ?? []), link]);
    const to = handleKey(link.target, link.targetHandle);
    if (!into.has(to)) into.set(to, link);
    if (link.type === 'execution') {
      const sources = execSources.get(link.target) ?? new Set<string>();
      sources.add(link.source);
      execSources.set(link.target, sources);
    }
  }
  const compiled: TCompiledFlow = {
    nodes,
    start: nodeList.find((n) => n.type === START_NODE_TYPE),
    out,
    into,
    execSources,
    ignored,
  };
  cache.set(flow, compiled);
  return compiled;
}

export const linksFrom = (g: TCompiledFlow, nodeId: string, handleId: string): TLink[] =>
  g.out.get(handleKey(nodeId, handleId)) ?? [];

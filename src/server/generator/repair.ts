import type { TGeneratedFlow, TGeneratedNode } from '../../shared/contract/generator';
import {
  buildEdge,
  createLinkChecker,
  type TConnection,
  validateGraph,
} from '../../shared/domain/link-rules';
import { nodeSpec, type THandleSpec, type THandleType } from '../../shared/domain/node-catalogue';
import { isGeneratable, START_TYPE } from './catalogue';
import { layoutFlow } from './layout';

/**
 * Turns whatever a model answered into a flow that passes every link rule, or says why it cannot.
 * Blocks the generator may not use are dropped, ids are made safe and unique, exactly one Start is
 * kept (one is added when missing), each link gets handles the rules accept (or is dropped), steps
 * left off the main path are chained onto it, and the result is laid out without overlaps.
 */
export const MAX_GENERATED_NODES = 60;
const MAX_LINKS = 200;
const SAFE_ID = /^[A-Za-z0-9_-]{1,60}$/;

export type TRepairResult =
  | { ok: true; flow: TGeneratedFlow; notes: string[] }
  | { ok: false; reason: 'not-json' | 'no-flow' | 'too-small' };

type Obj = Record<string, unknown>;
type TLink = TConnection & { type: THandleType };
const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);
const str = (v: unknown): string | undefined => (typeof v === 'string' && v.trim() ? v.trim() : undefined);
const MAX_DEPTH = 8;

/** JSON without the NUL character (PostgreSQL refuses it) and not nested past MAX_DEPTH. */
function clean(v: unknown, depth: number): unknown {
  if (typeof v === 'string') return v.replaceAll('\u0000', '');
  if (typeof v !== 'object' || v === null) return v;
  if (depth >= MAX_DEPTH) return null;
  if (Array.isArray(v)) return v.map((x) => clean(x, depth + 1));
  const out: Obj = {};
  for (const [k, x] of Object.entries(v)) out[k.replaceAll('\u0000', '')] = clean(x, depth + 1);
  return out;
}

/** The first JSON object or array in a model's answer (code fences and prose around it allowed). */
export function extractJson(text: string): unknown {
  const fenced = /```(?:json)?\s*([\s\S]*?)```/i.exec(text);
  const candidates = [fenced?.[1], text];
  for (const c of candidates) {
    if (!c) continue;
    const trimmed = c.trim();
    // The outermost shape is the one that opens first: an array of objects is an array.
    const shapes = (
      [
        ['{', '}'],
        ['[', ']'],
      ] as const
    )
      .map(([open, close]) => ({ start: trimmed.indexOf(open), end: trimmed.lastIndexOf(close) }))
      .filter((s) => s.start >= 0 && s.end > s.start)
      .sort((a, b) => a.start - b.start);
    for (const { start, end } of shapes) {
      try {
        return JSON.parse(trimmed.slice(start, end + 1));
      } catch {
        // try the next shape
      }
    }
  }
  return undefined;
}

const hasStatement = (type: string, dir: 'input' | 'output') =>
  nodeSpec(type)?.handles.some((h) => h.type === 'statement' && h.direction === dir) ?? false;

/** Handles a link may use: the ones named when they exist, else every pair of the same data type. */
function handlePairs(
  sourceType: string,
  targetType: string,
  sh?: string,
  th?: string,
): Array<[string, string]> {
  const outs = nodeSpec(sourceType)?.handles.filter((h) => h.direction === 'output') ?? [];
  const ins = nodeSpec(targetType)?.handles.filter((h) => h.direction === 'input') ?? [];
  const named = (list: ReadonlyArray<THandleSpec>, id?: string) => list.filter((h) => h.handleId === id);
  const pairs: Array<[string, string]> = [];
  const push = (a: ReadonlyArray<THandleSpec>, b: ReadonlyArray<THandleSpec>) => {
    for (const o of a) for (const i of b) if (o.type === i.type) pairs.push([o.handleId, i.handleId]);
  };
  push(named(outs, sh), named(ins, th));
  push(named(outs, sh), ins);
  push(outs, named(ins, th));
  // Without a usable name the control path comes first: it is what a learner walks.
  const byControl = (list: ReadonlyArray<THandleSpec>) =>
    [...list].sort((a, b) => Number(b.type === 'statement') - Number(a.type === 'statement'));
  push(byControl(outs), byControl(ins));
  return pairs;
}

function readNodes(raw: unknown[], notes: string[]): { nodes: TGeneratedNode[]; idMap: Map<string, string> } {
  const nodes: TGeneratedNode[] = [];
  const idMap = new Map<string, string>();
  const used = new Set<string>();
  let started = false;
  for (const [i, item] of raw.entries()) {
    if (nodes.length >= MAX_GENERATED_NODES) break;
    if (!isObj(item)) continue;
    const type = str(item.type);
    if (!type || !isGeneratable(type)) {
      notes.push(`dropped a block of type ${type ?? '(none)'}`);
      continue;
    }
    if (type === START_TYPE && started) continue;
    started ||= type === START_TYPE;
    const given = str(item.id) ?? `n${i + 1}`;
    let id = SAFE_ID.test(given) ? given : `n${i + 1}`;
    while (used.has(id)) id = `${id}-${i + 1}`;
    used.add(id);
    if (!idMap.has(given)) idMap.set(given, id);
    const data = isObj(item.data) ? (clean(item.data, 0) as Obj) : {};
    delete data.isBegin;
    if (!str(data.label)) data.label = nodeSpec(type)?.name ?? type;
    nodes.push({ id, type, position: { x: 0, y: 0 }, data });
  }
  return { nodes, idMap };
}

/** Follows statement links from Start; answers the nodes reached in order and the last one. */
function mainPath(nodes: TGeneratedNode[], links: TConnection[], startId: string): string[] {
  const next = new Map<string, string>();
  for (const l of links) {
    const s = nodes.find((n) => n.id === l.source);
    const handle = s && nodeSpec(s.type)?.handles.find((h) => h.handleId === l.sourceHandle);
    if (handle?.type === 'statement' && !next.has(l.source)) next.set(l.source, l.target);
  }
  const path = [startId];
  const seen = new Set(path);
  for (let at = next.get(startId); at && !seen.has(at); at = next.get(at)) {
    path.push(at);
    seen.add(at);
  }
  return path;
}

export function repairFlow(answer: unknown): TRepairResult {
  const parsed = typeof answer === 'string' ? extractJson(answer) : answer;
  if (parsed === undefined) return { ok: false, reason: 'not-json' };
  const root = isObj(parsed) && isObj(parsed.flow) ? parsed.flow : parsed;
  if (!isObj(root) || !Array.isArray(root.nodes)) return { ok: false, reason: 'no-flow' };
  const notes: string[] = [];
  const { nodes, idMap } = readNodes(root.nodes, notes);
  if (!nodes.some((n) => hasStatement(n.type, 'input'))) return { ok: false, reason: 'too-small' };
  let start = nodes.find((n) => n.type === START_TYPE);
  if (!start) {
    start = {
      id: nodes.some((n) => n.id === 'start') ? 'start-1' : 'start',
      type: START_TYPE,
      position: { x: 0, y: 0 },
      data: { label: 'Start' },
    };
    nodes.unshift(start);
    notes.push('added a Start block');
  }
  const checker = createLinkChecker({ nodes, edges: [] });
  const links: TLink[] = [];
  const keep = (c: TConnection): boolean => {
    const r = checker.accept(c);
    if (!r.ok) return false;
    links.push({ ...c, type: r.type });
    return true;
  };
  const rawLinks = Array.isArray(root.edges) ? root.edges : Array.isArray(root.links) ? root.links : [];
  for (const e of rawLinks.slice(0, MAX_LINKS)) {
    if (!isObj(e)) continue;
    const source = idMap.get(str(e.source) ?? '');
    const target = idMap.get(str(e.target) ?? '');
    const s = nodes.find((n) => n.id === source);
    const t = nodes.find((n) => n.id === target);
    if (!s || !t) {
      notes.push('dropped a link to a missing block');
      continue;
    }
    const kept = handlePairs(s.type, t.type, str(e.sourceHandle), str(e.targetHandle)).some(([sh, th]) =>
      keep({ source: s.id, target: t.id, sourceHandle: sh, targetHandle: th }),
    );
    if (!kept) notes.push(`dropped a link from ${s.id} to ${t.id}`);
  }
  // Steps no path reaches are chained after the last step of the main path, in the model's order.
  let path = mainPath(nodes, links, start.id);
  for (const n of nodes) {
    if (path.includes(n.id) || !hasStatement(n.type, 'input')) continue;
    const tail = nodes.find((x) => x.id === path[path.length - 1]);
    if (!tail) break;
    if (keep({ source: tail.id, sourceHandle: 'out', target: n.id, targetHandle: 'in' })) {
      path = mainPath(nodes, links, start.id);
    }
  }
  const edges = links.map(({ type, ...l }, i) => buildEdge(l, type, nodes, `e${i + 1}`));
  const first = path[1];
  for (const n of nodes) if (n.id === first) n.data.isBegin = true;
  const flow = layoutFlow({ nodes, edges }, path);
  const report = validateGraph(flow);
  // Cannot happen (every link was checked as it was kept); a guard, so no broken flow ever leaves here.
  if (!report.ok) throw new Error(`repair produced a broken flow: ${JSON.stringify(report.broken)}`);
  return { ok: true, flow, notes };
}

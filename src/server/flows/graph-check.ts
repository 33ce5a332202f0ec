import {
  FLOW_DOC_MAX_BYTES,
  type TFlowDocument,
  type TFlowEdge,
  type TFlowNode,
  type TImportReport,
} from '../../shared/contract/flows';
import { type TLinkContext, validateGraph } from '../../shared/domain/link-rules';
import { badRequest } from '../http/errors';
import { nestedDeeperThan, scanJson, walkJson } from './json-walk';

type Graph = { nodes: TFlowNode[]; edges: TFlowEdge[] };
export type BrokenLink = TImportReport['brokenLinks'][number];

const isMarked = (e: TFlowEdge): boolean => Boolean(e.data?.broken);

/**
 * The rules apply to the links not yet marked broken: a marked link is already shown to the author as
 * broken and takes no slot, so it can neither break nor block the others. Save and import both use
 * this, so a flow that saves also survives export → import unchanged.
 */
export function checkLinks(graph: Graph, ctx?: TLinkContext) {
  return validateGraph({ nodes: graph.nodes, edges: graph.edges.filter((e) => !isMarked(e)) }, ctx);
}

export function unknownTypesError(unknown: Array<{ nodeId: string; type: string }>) {
  const types = [...new Set(unknown.map((u) => u.type || '(none)'))];
  return badRequest(`The flow uses block types this server does not know: ${types.join(', ')}.`, {
    unknownNodes: unknown,
  });
}

/** For a save: unknown block types and newly broken links are refused with 400, naming them. */
export function assertValidGraph(graph: Graph, ctx?: TLinkContext): void {
  const report = checkLinks(graph, ctx);
  if (report.unknownNodes.length) throw unknownTypesError(report.unknownNodes);
  if (report.broken.length) {
    const first = report.broken.slice(0, 3).map((b) => `link '${b.edgeId}': ${b.reason}`);
    const more = report.broken.length > 3 ? ` (and ${report.broken.length - 3} more)` : '';
    throw badRequest(`The flow breaks the link rules: ${first.join('; ')}${more}`, {
      brokenLinks: report.broken,
    });
  }
}

/** For an import: links that break the rules are kept, marked `data.broken = { code, reason }`. */
export function markBrokenLinks(
  graph: Graph,
  ctx?: TLinkContext,
): { edges: TFlowEdge[]; broken: BrokenLink[] } {
  const report = checkLinks(graph, ctx);
  if (report.unknownNodes.length) throw unknownTypesError(report.unknownNodes);
  const byId = new Map(report.broken.map((b) => [b.edgeId, b]));
  const edges = graph.edges.map((e) => {
    const b = isMarked(e) ? undefined : byId.get(e.id);
    return b ? { ...e, data: { ...e.data, broken: { code: b.code, reason: b.reason } } } : e;
  });
  return { edges, broken: report.broken.map((b) => ({ edgeId: b.edgeId, code: b.code, reason: b.reason })) };
}

// PostgreSQL cannot store NUL in text or jsonb, nor a lone UTF-16 surrogate in jsonb. Graphs are json
// (stored as written), but their text travels on into text and jsonb (the learner's statements name
// blocks, copies are renamed): such a string is refused up front with the path of the value.
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;
const unstorable = (s: string): boolean => s.includes('\u0000') || LONE_SURROGATE.test(s);

const MAX_DEPTH = 64;

/** Flow documents are capped so one flow cannot fill the database or stall a client. */
export function assertDocSize(doc: Partial<TFlowDocument>): void {
  const quick = scanJson(doc, MAX_DEPTH, unstorable);
  const { bytes, tooDeep } = quick.clean ? { bytes: quick.bytes, tooDeep: undefined } : walkDoc(doc);
  if (tooDeep !== undefined) throw badRequest(`${tooDeep}: nested more than ${MAX_DEPTH} levels deep`);
  assertWithinSize(bytes);
}

// What JSON.stringify writes for a NUL (\u0000) and a lone surrogate (\ud800–\udfff): a pair is
// written as it is, and a backslash typed by the author as \\ (a false alarm only sends the document
// the slow way).
const ESCAPED_UNSTORABLE = /\\u(?:0000|d[89a-f])/;

/**
 * assertDocSize and the save's JSON.stringify of the graph in one pass over the document: the graph
 * is stringified once (the text stored and answered), the size is that text's, and an unstorable
 * string shows in it as its escape, so strings are not walked one by one. A document that is too
 * deep or shows such an escape goes the slow way, which names the place.
 */
export function storableGraphJson(doc: Graph & Partial<TFlowDocument>): {
  nodesJson: string;
  edgesJson: string;
  /** The document's UTF-8 size as JSON. */
  bytes: number;
} {
  if (nestedDeeperThan(doc, MAX_DEPTH)) assertDocSize(doc);
  const nodesJson = JSON.stringify(doc.nodes);
  const edgesJson = JSON.stringify(doc.edges);
  const restJson = JSON.stringify({ ...doc, nodes: 0, edges: 0 });
  if (
    ESCAPED_UNSTORABLE.test(nodesJson) ||
    ESCAPED_UNSTORABLE.test(edgesJson) ||
    ESCAPED_UNSTORABLE.test(restJson)
  )
    assertDocSize(doc);
  // Each graph's text stands where its 0 was.
  const bytes =
    Buffer.byteLength(restJson, 'utf8') -
    2 +
    Buffer.byteLength(nodesJson, 'utf8') +
    Buffer.byteLength(edgesJson, 'utf8');
  assertWithinSize(bytes);
  return { nodesJson, edgesJson, bytes };
}

function assertWithinSize(bytes: number): void {
  if (bytes > FLOW_DOC_MAX_BYTES) {
    const mb = (n: number) => (n / 1024 / 1024).toFixed(1);
    throw badRequest(`The flow is too large: ${mb(bytes)} MB, at most ${mb(FLOW_DOC_MAX_BYTES)} MB.`);
  }
}

/** The slow walk, with paths: says which value is unstorable or too deep. */
function walkDoc(doc: Partial<TFlowDocument>) {
  return walkJson(doc, MAX_DEPTH, (s, path, isKey) => {
    if (!unstorable(s)) return;
    throw badRequest(
      isKey
        ? `${path()}: the key contains a NUL character or a broken surrogate pair`
        : `${path()}: contains a NUL character or a broken surrogate pair`,
    );
  });
}

/** Only a flow with a spreadsheet node needs the user's Google link flag for the rules. */
export const usesSpreadsheet = (graph: Graph): boolean =>
  graph.nodes.some((n) => n.type === 'writeToGoogleSpreadsheetNode');

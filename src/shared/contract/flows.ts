import { z } from 'zod';
import { ZCollection, ZId, ZKeyword } from './collections';
import { zText } from './text';

/**
 * Flows, their revisions and the .flow file (spec 01 §3, §7, §8; spec 03 §7). Signed-in user, in the
 * space of the `orgId` header:
 *   POST   /api/flows                      TCreateFlowRequest → 201 { data: TFlow, message }
 *   GET    /api/flows/user?limit=          → { data: TFlowSummary[] } (every flow the caller can open here)
 *   GET    /api/flows/search?keyword=&limit= → TFlowSearchResponse
 *   POST   /api/flows/move-to-project      TMoveFlowsRequest → { data: TFlowSummary[], message }
 *   POST   /api/flows/copy-to-project      TMoveFlowsRequest → { data: TFlowSummary[], message }
 *   GET    /api/flows/{id}                 → { data: TFlow }
 *   PUT    /api/flows/{id}                 TUpdateFlowRequest → { data } | 409 { details: { current } }
 *   DELETE /api/flows/{id}                 → { message }
 *   POST   /api/flows/{id}/duplicate       → 201 { data, message }
 *   GET    /api/flows/{id}/export          → application/octet-stream (.flow zip), attachment
 *   POST   /api/flows/{id}/import          octet-stream [If-Match: <revision>] → { data, report }
 *   POST   /api/server-flow/import?projectId= octet-stream → 201 { data, report }
 *   GET    /api/server-flow/{id}           → { data: TFlow }
 */

export const FLOW_NAME_MAX = 200;
export const FLOW_DESCRIPTION_MAX = 5000;
export const FLOW_LIST_LIMIT = 1000;
/** A flow's document (name, description, icon, nodes, edges, published) serialised as JSON. */
export const FLOW_DOC_MAX_BYTES = 5 * 1024 * 1024;
export const FLOW_MAX_NODES = 5000;
export const FLOW_MAX_EDGES = 20000;
export const NO_PROJECT_NAME = 'No Project';

export const FLOW_FILE_FORMAT = 'flowlearn.flow';
export const FLOW_FILE_VERSION = 1;
export const FLOW_IMPORT_MAX_BYTES = 20 * 1024 * 1024;
export const FLOW_FILE_MAX_ENTRIES = 20;
export const FLOW_FILE_MAX_UNCOMPRESSED = 50 * 1024 * 1024;
export const FLOW_FILE_MAX_RATIO = 100;

export const ZFlowSort = z.enum(['default', 'ascending', 'descending', 'A-Z', 'Z-A']);

/** Set on a link that no longer satisfies the link rules; the canvas shows it, the user fixes it. */
export const ZBrokenMark = z.object({ code: zText(), reason: zText() });

// Nodes and edges are React Flow objects: the fields we rely on are checked, the rest is kept as is.
// flow-graph-fast.ts repeats these checks for the canvas's save: change both together.
export const ZFlowNode = z.looseObject({
  id: zText().min(1).max(200),
  // Optional as in React Flow; the server still refuses a node whose type the catalogue does not know.
  type: zText().min(1).max(100).optional(),
  position: z.looseObject({ x: z.number(), y: z.number() }),
  data: z.record(zText(), z.unknown()).optional(),
});
export type TFlowNode = z.infer<typeof ZFlowNode>;

export const ZFlowEdge = z.looseObject({
  id: zText().min(1).max(400),
  source: zText().min(1).max(200),
  target: zText().min(1).max(200),
  sourceHandle: zText().max(200).nullable().optional(),
  targetHandle: zText().max(200).nullable().optional(),
  type: zText().max(100).optional(),
  data: z.looseObject({ broken: ZBrokenMark.optional() }).optional(),
});
export type TFlowEdge = z.infer<typeof ZFlowEdge>;

type Graph = { nodes: TFlowNode[]; edges: TFlowEdge[] };

/** Ids are unique and every link joins two nodes of the flow; anything else could not be drawn. */
export function checkGraphShape(g: Graph, ctx: z.RefinementCtx): void {
  const nodeIds = new Set<string>();
  g.nodes.forEach((n, i) => {
    if (nodeIds.has(n.id))
      ctx.addIssue({ code: 'custom', path: ['nodes', i, 'id'], message: `duplicate node id '${n.id}'` });
    nodeIds.add(n.id);
  });
  const edgeIds = new Set<string>();
  g.edges.forEach((e, i) => {
    if (edgeIds.has(e.id))
      ctx.addIssue({ code: 'custom', path: ['edges', i, 'id'], message: `duplicate edge id '${e.id}'` });
    edgeIds.add(e.id);
    for (const end of ['source', 'target'] as const) {
      if (!nodeIds.has(e[end])) {
        ctx.addIssue({ code: 'custom', path: ['edges', i, end], message: `node '${e[end]}' does not exist` });
      }
    }
  });
}

export const ZNodes = z.array(ZFlowNode).max(FLOW_MAX_NODES, `A flow has at most ${FLOW_MAX_NODES} nodes`);
export const ZEdges = z.array(ZFlowEdge).max(FLOW_MAX_EDGES, `A flow has at most ${FLOW_MAX_EDGES} links`);
const ZFlowName = zText().trim().max(FLOW_NAME_MAX, `Name must be at most ${FLOW_NAME_MAX} characters`);
const ZFlowDescription = zText().max(
  FLOW_DESCRIPTION_MAX,
  `Description must be at most ${FLOW_DESCRIPTION_MAX} characters`,
);
const ZIconUrl = zText().max(2048).nullable();

/** The document of a flow: what a .flow file carries in flow.json and what export → import keeps. */
export const ZFlowDocument = z
  .object({
    name: ZFlowName.transform((s) => s || 'Untitled'),
    description: ZFlowDescription,
    iconUrl: ZIconUrl,
    nodes: ZNodes,
    edges: ZEdges,
    published: z.boolean(),
  })
  .superRefine(checkGraphShape);
export type TFlowDocument = z.infer<typeof ZFlowDocument>;

export const ZFlow = z.object({
  _id: zText(),
  id: zText(),
  name: zText(),
  description: zText(),
  iconUrl: zText().nullable(),
  /** null: No Project. */
  projectId: zText().nullable(),
  ownerId: zText(),
  orgId: zText().nullable(),
  nodes: z.array(ZFlowNode),
  edges: z.array(ZFlowEdge),
  published: z.boolean(),
  /** Grows by one per save; a save names the revision it started from. */
  revision: z.number().int(),
  createdAt: zText(),
  updatedAt: zText(),
});
export type TFlow = z.infer<typeof ZFlow>;

export const ZFlowSummary = ZFlow.omit({ nodes: true, edges: true }).extend({
  nodesCount: z.number().int(),
  /** The collection's name (null: No Project), where a list mixes collections (GET /flows/user). */
  projectName: zText().nullable().optional(),
});
export type TFlowSummary = z.infer<typeof ZFlowSummary>;

export const ZCreateFlowRequest = z
  .object({
    name: ZFlowName.optional().transform((s) => s || 'Untitled'),
    description: ZFlowDescription.optional(),
    iconUrl: ZIconUrl.optional(),
    projectId: ZId.nullable().optional(),
    nodes: ZNodes.default([]),
    edges: ZEdges.default([]),
  })
  .superRefine(checkGraphShape);
export type TCreateFlowRequest = z.input<typeof ZCreateFlowRequest>;

export const ZUpdateFlowRequest = z.object({
  name: ZFlowName.optional().transform((s) => (s === undefined ? s : s || 'Untitled')),
  description: ZFlowDescription.optional(),
  iconUrl: ZIconUrl.optional(),
  nodes: ZNodes.optional(),
  edges: ZEdges.optional(),
  published: z.boolean().optional(),
  revision: z.number({ error: 'revision is required' }).int().min(0),
});
export type TUpdateFlowRequest = z.input<typeof ZUpdateFlowRequest>;

export const ZMoveFlowsRequest = z.object({
  flowIds: z.array(ZId).min(1, 'Choose at least one flow').max(FLOW_LIST_LIMIT),
  /** null: No Project. */
  projectId: ZId.nullable(),
});
export type TMoveFlowsRequest = z.infer<typeof ZMoveFlowsRequest>;

export const ZFlowIdParam = z.object({ id: ZId });
export const ZFlowListQuery = z.object({
  limit: z.coerce.number().int().min(1).max(FLOW_LIST_LIMIT).default(FLOW_LIST_LIMIT),
});
export const ZFlowSearchQuery = ZFlowListQuery.extend({ keyword: ZKeyword.default('') });
export const ZProjectFlowsQuery = z.object({
  sortBy: ZFlowSort.default('default'),
  keyword: ZKeyword.optional(),
});
export const ZImportQuery = z.object({ projectId: ZId.optional() });

export const ZFlowResponse = z.object({ data: ZFlow });
export const ZFlowWithMessage = z.object({ data: ZFlow, message: zText() });
export const ZFlowListResponse = z.object({ data: z.array(ZFlowSummary) });
export const ZFlowsWithMessage = z.object({ data: z.array(ZFlowSummary), message: zText() });
export const ZFlowSearchResponse = z.object({
  flows: z.array(ZFlowSummary),
  collections: z.array(ZCollection),
  tools: z.array(z.unknown()),
  /** How many flows match in all (flows holds at most `limit`). */
  flowsCount: z.number().int(),
});
export const ZFlowConflictDetails = z.object({ current: ZFlow });

export const ZFlowFileManifest = z.object({
  format: z.literal(FLOW_FILE_FORMAT),
  formatVersion: z.number().int().min(0),
  appVersion: zText(),
  exportedAt: zText(),
  /** The version of each node type used, as the exporting app knew it. */
  nodeTypes: z.record(zText(), z.number().int().min(0)),
});
export type TFlowFileManifest = z.infer<typeof ZFlowFileManifest>;

export const ZImportReport = z.object({
  /** The format version of the file as it came in. */
  formatVersion: z.number().int(),
  /** Migrations run on it, e.g. ['0→1: node settings moved out of data.config']. */
  migrations: z.array(zText()),
  /** Links kept but marked broken because they no longer satisfy the link rules. */
  brokenLinks: z.array(z.object({ edgeId: zText(), code: zText(), reason: zText() })),
  nodesCount: z.number().int(),
  edgesCount: z.number().int(),
});
export type TImportReport = z.infer<typeof ZImportReport>;
export const ZImportResponse = z.object({ data: ZFlow, report: ZImportReport });

/** Toasts of spec 01 §8 and our own texts. */
export const FlowMessage = {
  created: 'New file has been successfully created',
  deleted: 'File deleted successfully.',
  duplicated: 'File duplicated successfully.',
  moved: (project: string) => `File moved to ${project} successfully.`,
  copied: (project: string) => `File copied to ${project} successfully.`,
  conflict: 'This flow was changed elsewhere.',
} as const;

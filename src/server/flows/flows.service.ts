import { z } from 'zod';
import {
  checkGraphShape,
  FLOW_DOC_MAX_BYTES,
  FLOW_NAME_MAX,
  FlowMessage,
  NO_PROJECT_NAME,
  type TFlowSummary,
  type ZCreateFlowRequest,
  type ZFlowSort,
  type ZUpdateFlowRequest,
} from '../../shared/contract/flows';
import { copyName } from '../../shared/domain/copy-name';
import { sortFlows } from '../../shared/domain/flow-sort';
import { newId } from '../../shared/domain/ids';
import { linkRulesBlocksKey, type TLinkContext } from '../../shared/domain/link-rules';
import { findUserById } from '../auth/auth.repo';
import { type Caller, canEdit, collectionFor, noAccess, roleIn } from '../collections/access';
import { findCollection } from '../collections/collections.repo';
import type { CollectionsService } from '../collections/collections.service';
import type { AppDeps } from '../http/context';
import { conflict, forbidden, notFound, zodToAppError } from '../http/errors';
import { createTextMemo } from '../http/text-memo';
import { type GraphJson, saveGraphChecked, updateFlowMetaAtRevision } from './flow-save.repo';
import {
  deleteFlow,
  type FlowJsonRow,
  type FlowMeta,
  type FlowRow,
  findFlow,
  findFlowJson,
  findFlowMeta,
  flowNamesIn,
  type GraphTexts,
  insertFlows,
  listAccessibleFlows,
  listAccessibleFlowsJson,
  listProjectFlows,
  moveFlows,
} from './flows.repo';
import { documentOf, flowJsonView, flowSummaryView, flowView, summaryOf } from './flows.view';
import { assertDocSize, assertValidGraph, storableGraphJson, usesSpreadsheet } from './graph-check';

type Graph = Parameters<typeof usesSpreadsheet>[0];

/** Ids unique, every link between two nodes of the flow: the cross-field rule of ZFlowDocument. */
const ZGraphShape = z.custom<Graph>().superRefine(checkGraphShape);

/** Room for the link checks the canvas's saves passed last (with their texts): some 100 flows of 200 blocks. */
const PASSED_LINKS_BYTES = 16 * 1024 * 1024;
/** Room for the graph texts of flows read or saved last: some 100 flows of 200 blocks. */
const GRAPH_TEXTS_BYTES = 16 * 1024 * 1024;

export function createFlowsService(deps: AppDeps, collections: CollectionsService) {
  const db = deps.database.db;
  const passedLinks = createTextMemo<true>(PASSED_LINKS_BYTES, () => 0);
  // A flow's graph texts at its last revision seen here: a read at that revision does not fetch them.
  const graphTexts = createTextMemo<GraphTexts>(
    GRAPH_TEXTS_BYTES,
    (g) => 2 * (g.nodesJson.length + g.edgesJson.length),
  );
  const keepGraph = (row: FlowJsonRow) => {
    const { revision, nodesJson, edgesJson } = row;
    // at the revision kept, the texts are those kept: nothing new to keep (and no garbage to collect)
    // (the revision travels in the value, which findFlowJson takes whole: no text to compare)
    if (graphTexts.peek(row.id)?.value.revision !== revision)
      graphTexts.put(row.id, '', { revision, nodesJson, edgesJson });
    return row;
  };

  /** The spreadsheet rule needs the user's Google link flag; only read when the flow could need it. */
  async function linkContext(caller: Caller, graph: Graph): Promise<TLinkContext> {
    if (!usesSpreadsheet(graph)) return {};
    const user = await findUserById(db, caller.userId);
    return { userLinkedWithGoogleSpreadsheet: user?.linkedWithGoogleSpreadSheet ?? false };
  }

  /**
   * Loads a flow of the caller's space. Reading and editing: its author when it has no project, else
   * anyone with a role in its collection. Managing (delete, move): the author, or the collection's
   * owner and admins.
   */
  async function flowFor(caller: Caller, id: string, need: 'read' | 'manage'): Promise<FlowRow>;
  async function flowFor<R extends FlowMeta>(
    caller: Caller,
    id: string,
    need: 'read' | 'manage',
    load: (db: typeof deps.database.db, orgId: string | null, id: string) => Promise<R | null>,
  ): Promise<R>;
  async function flowFor(
    caller: Caller,
    id: string,
    need: 'read' | 'manage',
    load: (
      db: typeof deps.database.db,
      orgId: string | null,
      id: string,
    ) => Promise<FlowMeta | null> = findFlow,
  ): Promise<FlowMeta> {
    const row = await load(db, caller.orgId, id);
    if (!row) throw notFound('Flow');
    const mine = row.ownerId === caller.userId;
    if (row.projectId === null) {
      if (!mine) throw noAccess(row.orgId, 'Flow');
      return row;
    }
    const col = await findCollection(db, caller.orgId, row.projectId);
    const role = col ? await roleIn(db, caller, col) : null;
    if (!role) throw noAccess(row.orgId, 'Flow');
    if (need === 'manage' && !mine && !canEdit(role)) {
      throw forbidden("Only the flow's author or the collection's owner and admins can do this.");
    }
    return row;
  }

  /** The collection flows go to (any role in it may add flows), or No Project. */
  async function target(caller: Caller, projectId: string | null | undefined) {
    if (!projectId) return { projectId: null, name: NO_PROJECT_NAME };
    const { row } = await collectionFor(db, caller, projectId, 'view');
    return { projectId: row.id, name: row.name };
  }

  const conflictWith = (row: FlowRow) => conflict(FlowMessage.conflict, { current: flowView(row) });
  /** A 409 with the flow as it is now, or 404 when it is gone. */
  const conflictNow = async (caller: Caller, id: string) => {
    const current = await findFlow(db, caller.orgId, id);
    return current ? conflictWith(current) : notFound('Flow');
  };

  const copyOf = (caller: Caller, row: FlowRow, projectId: string | null, name = row.name) => ({
    ...documentOf(row),
    id: newId(),
    orgId: caller.orgId,
    ownerId: caller.userId,
    projectId,
    name,
  });

  /**
   * The canvas's save (the whole graph, nothing else). The graph is checked on its own, then written by
   * one statement whose conditions are what flowFor and the revision would check (saveGraphChecked):
   * no read before the write, one round trip (under load the second one cost the save a third of its
   * time, waiting for a connection). When it writes nothing, the flow is read to say why (404, 403,
   * 409, too large), or, when nothing is wrong (an invitation claimed on the way), written as before.
   */
  async function saveGraph(caller: Caller, id: string, revision: number, graph: Graph): Promise<string> {
    const shape = ZGraphShape.safeParse(graph);
    if (!shape.success) throw zodToAppError(shape.error, 'body');
    const { nodesJson, edgesJson, bytes } = storableGraphJson(graph);
    const ctx = await linkContext(caller, graph);
    // Checked again only when the links or what the rules read of the blocks changed since this flow's
    // last saved check (moving blocks or editing their texts changes neither). Kept once the save is
    // written, so only those who may edit the flow take room in the memo.
    const linksKey = `${linkRulesBlocksKey(graph.nodes, ctx)}\u0000${edgesJson}`;
    const linksChecked = passedLinks.peek(id)?.text === linksKey;
    if (!linksChecked) assertValidGraph(graph, ctx);
    const json = { nodes: nodesJson, nodesCount: graph.nodes.length, edges: edgesJson };
    // Room left for the stored name, description and icon: their bytes, each escaped at worst 6-fold.
    const metaBudget = Math.floor((FLOW_DOC_MAX_BYTES - bytes - 256) / 6);
    const target = { ...spaceOf(caller), id, revision };
    const saved = await saveGraphChecked(db, target, { ...json, metaBudget });
    if (saved) {
      if (!linksChecked) passedLinks.put(id, linksKey, true);
      return flowJsonView(keepGraph({ ...saved, nodesJson, edgesJson }));
    }
    const row = await flowFor(caller, id, 'read', findFlowMeta);
    if (revision !== row.revision) throw await conflictNow(caller, id);
    // The exact size with the stored fields (only here, when the statement's bound was too tight).
    storableGraphJson({ ...documentOf({ ...row, ...graph }), ...graph });
    const updated = await updateFlowMetaAtRevision(db, { id, revision, projectId: row.projectId }, {}, json);
    if (updated) return flowJsonView({ ...updated, nodesJson, edgesJson });
    throw await conflictNow(caller, id);
  }

  return {
    flowFor,
    linkContext,
    target,
    conflictWith,

    async create(caller: Caller, body: z.infer<typeof ZCreateFlowRequest>) {
      const t = await target(caller, body.projectId);
      const doc = {
        name: body.name,
        description: body.description ?? '',
        iconUrl: body.iconUrl ?? null,
        nodes: body.nodes,
        edges: body.edges,
        published: false,
      };
      assertDocSize(doc);
      assertValidGraph(doc, await linkContext(caller, doc));
      const [row] = await insertFlows(db, [
        { ...doc, id: newId(), orgId: caller.orgId, ownerId: caller.userId, projectId: t.projectId },
      ]);
      return flowView(row);
    },

    get: async (caller: Caller, id: string) => flowView(await flowFor(caller, id, 'read')),

    /** GET /flows/{id} as JSON text: the stored graph is passed on as PostgreSQL gives it. */
    getJson: async (caller: Caller, id: string): Promise<string> =>
      flowJsonView(
        keepGraph(
          await flowFor(caller, id, 'read', (db, orgId, flowId) =>
            findFlowJson(db, orgId, flowId, graphTexts.peek(flowId)?.value),
          ),
        ),
      ),

    /**
     * The patch was checked against the contract on the way in and the stored fields when they were
     * stored, so only the rules across fields run on the merged document. A save of the whole graph
     * (the canvas's) neither reads the stored graph nor reads back the one it wrote. Answers
     * `{ data: TFlow }` as JSON text.
     */
    async save(caller: Caller, id: string, body: z.infer<typeof ZUpdateFlowRequest>) {
      const { revision, ...fields } = body;
      const patch = Object.fromEntries(Object.entries(fields).filter(([, v]) => v !== undefined)) as Partial<
        ReturnType<typeof documentOf>
      >;
      if (patch.nodes && patch.edges && Object.keys(patch).length === 2)
        return saveGraph(caller, id, revision, { nodes: patch.nodes, edges: patch.edges });
      const graph = patch.nodes && patch.edges ? { nodes: patch.nodes, edges: patch.edges } : null;
      const row: FlowRow = graph
        ? { ...(await flowFor(caller, id, 'read', findFlowMeta)), ...graph }
        : await flowFor(caller, id, 'read');
      if (revision !== row.revision) throw await conflictNow(caller, id);
      const merged = { ...documentOf(row), ...patch };
      const shape = ZGraphShape.safeParse(merged);
      if (!shape.success) throw zodToAppError(shape.error, 'body');
      // The graph is stringified once (its size and storable text checked on it): the same text is
      // stored and answered.
      const { nodesJson, edgesJson } = storableGraphJson(merged);
      if (patch.nodes || patch.edges) assertValidGraph(merged, await linkContext(caller, merged));
      const at = { id, revision, projectId: row.projectId };
      const { nodes, edges, ...rest } = patch;
      const json: GraphJson = nodes
        ? { nodes: nodesJson, nodesCount: nodes.length, edges: edges ? edgesJson : undefined }
        : { edges: edges ? edgesJson : undefined };
      const updated = await updateFlowMetaAtRevision(db, at, rest, json);
      if (updated) return flowJsonView({ ...updated, nodesJson, edgesJson });
      throw await conflictNow(caller, id);
    },

    async remove(caller: Caller, id: string) {
      await flowFor(caller, id, 'manage');
      await deleteFlow(db, id);
      return FlowMessage.deleted;
    },

    /** The copy stays in the same collection, unpublished, owned by the caller. */
    async duplicate(caller: Caller, id: string) {
      const row = await flowFor(caller, id, 'read');
      const taken = await flowNamesIn(db, {
        orgId: caller.orgId,
        projectId: row.projectId,
        ownerId: caller.userId,
      });
      const name = copyName(row.name, taken, FLOW_NAME_MAX, true);
      const [copy] = await insertFlows(db, [
        { ...copyOf(caller, row, row.projectId, name), published: false },
      ]);
      return flowView(copy);
    },

    /** Moving out to No Project hands the flow to the mover, the only one who sees No Project flows. */
    async move(caller: Caller, ids: string[], projectId: string | null) {
      const t = await target(caller, projectId);
      const unique = [...new Set(ids)];
      for (const id of unique) await flowFor(caller, id, 'manage');
      const moved = await moveFlows(
        db,
        unique,
        t.projectId,
        t.projectId === null ? caller.userId : undefined,
      );
      return { data: moved.map(flowSummaryView), message: FlowMessage.moved(t.name) };
    },

    async copy(caller: Caller, ids: string[], projectId: string | null) {
      const t = await target(caller, projectId);
      const rows: FlowRow[] = [];
      for (const id of [...new Set(ids)]) rows.push(await flowFor(caller, id, 'read'));
      const taken = await flowNamesIn(db, {
        orgId: caller.orgId,
        projectId: t.projectId,
        ownerId: caller.userId,
      });
      const named = rows.map((r) => {
        const name = copyName(r.name, taken, FLOW_NAME_MAX);
        taken.add(name);
        return copyOf(caller, r, t.projectId, name);
      });
      const copies = await insertFlows(db, named);
      return { data: copies.map(summaryOf), message: FlowMessage.copied(t.name) };
    },

    async listUser(caller: Caller, limit: number): Promise<TFlowSummary[]> {
      const { rows } = await listAccessibleFlows(db, { ...spaceOf(caller), limit }, false);
      return rows.map(flowSummaryView);
    },

    /** GET /flows/user as JSON text ({ data: TFlowSummary[] }), the summaries built by the database. */
    async listUserJson(caller: Caller, limit: number): Promise<string> {
      return `{"data":${await listAccessibleFlowsJson(db, { ...spaceOf(caller), limit })}}`;
    },

    async search(caller: Caller, keyword: string, limit: number) {
      const { rows, total } = await listAccessibleFlows(db, { ...spaceOf(caller), keyword, limit });
      const found = await collections.list(caller, keyword);
      return { flows: rows.map(flowSummaryView), collections: found, tools: [], flowsCount: total };
    },

    async listInProject(
      caller: Caller,
      projectId: string,
      sortBy: z.infer<typeof ZFlowSort>,
      keyword?: string,
    ) {
      await collectionFor(db, caller, projectId, 'view');
      return sortFlows((await listProjectFlows(db, projectId, keyword)).map(flowSummaryView), sortBy);
    },
  };
}

const spaceOf = (caller: Caller) => ({
  orgId: caller.orgId,
  userId: caller.userId,
  allInOrg: caller.orgAdmin,
});

export type FlowsService = ReturnType<typeof createFlowsService>;

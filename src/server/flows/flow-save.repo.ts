import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { namedStatement, shapedStatement } from '../db/named-statement';
import { flows } from '../db/schema';
import {
  accessibleFlowsOf,
  type FlowMeta,
  type FlowPatch,
  type FlowRow,
  META_COLUMNS,
  metaColumns,
  metaOf,
  type SpaceKind,
  spaceKind,
  touchCollections,
} from './flows.repo';

// The writes of a flow's document at the revision its writer read: the canvas's save and the others.

/**
 * The canvas's save in one statement: the graph is written only where the caller could have read
 * the flow first (their own flow outside a collection, or one of a collection they have a role in,
 * as the flow lists show them), at the revision the save started from, and while the stored name,
 * description and icon leave the document within its size (`metaBudget` bytes, the graph's text
 * already counted). The collection's time follows in the same statement.
 */
const SAVE_GRAPH_CHECKED = shapedStatement('flows_save_graph_checked', (kind: SpaceKind) => {
  const at = sql.placeholder('at');
  // A graph part sent as it is stored keeps its stored value: no new TOAST copy to compress and
  // write (a drag moves blocks and leaves the links as they were). Each text is a parameter once (in
  // `graph`): written twice, the pg driver sent the 80 KB of a 200-block graph twice.
  const kept = (column: typeof flows.nodes | typeof flows.edges, name: 'nodes' | 'edges') =>
    sql`case when ${column}::text = graph.${sql.raw(name)} then ${column} else graph.${sql.raw(name)}::json end`;
  return sql`with graph as (
      select ${sql.placeholder('nodes')}::text as nodes, ${sql.placeholder('edges')}::text as edges
    ), saved as (
      update flows set nodes = ${kept(flows.nodes, 'nodes')}, edges = ${kept(flows.edges, 'edges')},
        nodes_count = ${sql.placeholder('nodesCount')}::int,
        revision = revision + 1, updated_at = ${at}::timestamptz
      from graph
      where ${flows.id} = ${sql.placeholder('id')} and ${flows.revision} = ${sql.placeholder('revision')}::int
        and ${accessibleFlowsOf(kind)}
        and octet_length(${flows.name}) + octet_length(${flows.description})
          + coalesce(octet_length(${flows.iconUrl}), 0) <= ${sql.placeholder('metaBudget')}::int
      returning ${sql.raw(META_COLUMNS)}
    ), touched as (
      update collections set updated_at = ${at}::timestamptz where id in (select project_id from saved)
    )
    select * from saved`;
});

export async function saveGraphChecked(
  db: Db,
  q: { orgId: string | null; userId: string; allInOrg: boolean; id: string; revision: number },
  graph: { nodes: string; nodesCount: number; edges: string; metaBudget: number },
): Promise<FlowMeta | null> {
  const values = { ...q, ...graph, at: new Date().toISOString() };
  const [row] = await SAVE_GRAPH_CHECKED(db, spaceKind(q), values);
  return row ? metaOf(row) : null;
}

/**
 * The save of optimistic concurrency: one UPDATE guarded by the revision; null when it was stale (or
 * gone). `projectId` is the flow's collection as the caller read it: a flow without one is saved in a
 * single statement; one in a collection also touches the collection, in the same transaction.
 */
export async function updateFlowAtRevision(
  db: Db,
  at: { id: string; revision: number; projectId: string | null },
  patch: FlowPatch,
): Promise<FlowRow | null> {
  return saveAtRevision(db, at, (tx) => update(tx, at, patch).returning());
}

/**
 * The graph as JSON text, already stringified by the caller (who answers with the same text); with
 * the nodes, their number (the caller has them parsed: PostgreSQL would parse the text again).
 */
export type GraphJson = { edges?: string } & ({ nodes?: undefined } | { nodes: string; nodesCount: number });

/**
 * The same save answering the flow without its graph: the caller has the graph it just wrote. `json`
 * carries nodes and edges as JSON text (they are then left out of `patch`).
 */
export async function updateFlowMetaAtRevision(
  db: Db,
  at: { id: string; revision: number; projectId: string | null },
  patch: FlowPatch,
  json: GraphJson = {},
): Promise<FlowMeta | null> {
  if (json.nodes !== undefined && json.edges !== undefined && Object.keys(patch).length === 0) {
    // The canvas's save (the whole graph, nothing else): one named statement, not built per call.
    const { nodes, nodesCount, edges } = json;
    const values = {
      nodes,
      nodesCount,
      edges,
      at: new Date().toISOString(),
      id: at.id,
      revision: at.revision,
    };
    return saveAtRevision(db, at, async (tx) => (await SAVE_GRAPH(tx, values)).map(metaOf));
  }
  return saveAtRevision(db, at, (tx) => update(tx, at, patch, json).returning(metaColumns));
}

const SAVE_GRAPH = namedStatement(
  'flows_save_graph',
  `update flows set nodes = :nodes::json, nodes_count = :nodesCount::int, edges = :edges::json, revision = revision + 1,
    updated_at = :at::timestamptz
  where id = :id and revision = :revision::int
  returning ${META_COLUMNS}`,
);

const update = (db: Db, at: { id: string; revision: number }, patch: FlowPatch, json: GraphJson = {}) =>
  db
    .update(flows)
    .set({
      ...patch,
      ...(patch.nodes !== undefined ? { nodesCount: patch.nodes.length } : {}),
      ...(json.nodes !== undefined ? { nodes: sql`${json.nodes}::json`, nodesCount: json.nodesCount } : {}),
      ...(json.edges !== undefined ? { edges: sql`${json.edges}::json` } : {}),
      revision: sql`${flows.revision} + 1`,
      updatedAt: new Date(),
    })
    .where(and(eq(flows.id, at.id), eq(flows.revision, at.revision)));

async function saveAtRevision<R extends FlowMeta>(
  db: Db,
  at: { projectId: string | null },
  run: (tx: Db) => Promise<R[]>,
): Promise<R | null> {
  const touched = async (tx: Db, row: R | undefined) => {
    if (row?.projectId) await touchCollections(tx, [row.projectId], row.updatedAt);
    return row ?? null;
  };
  if (at.projectId === null) {
    // Moved into a collection meanwhile (rare): the touch follows on its own.
    const [row] = await run(db);
    return touched(db, row);
  }
  return db.transaction(async (tx) => touched(tx, (await run(tx))[0]));
}

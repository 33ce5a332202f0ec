import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { shapedStatement } from '../db/named-statement';
import { flows } from '../db/schema';
import {
  accessibleFlowsOf,
  type FlowMeta,
  META_COLUMNS,
  metaOf,
  type SpaceKind,
  spaceKind,
} from './flows.repo';

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

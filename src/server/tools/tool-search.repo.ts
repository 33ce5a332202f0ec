import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import type { ToolFlowRow, ToolRow, ToolSpace } from './tools.repo';

export interface ToolSearch extends ToolSpace {
  tagId?: string;
  /** Lower-case words (letters, marks and digits only); empty: every tool of the space. */
  terms: string[];
  /**
   * 'words': full-text, every term a word prefix ("math" finds "Mathematics"), through the GIN
   * index, best matches first. 'substring': every term anywhere in the name or description (a scan;
   * the fallback for word parts and scripts the full-text parser splits differently).
   */
  mode: 'words' | 'substring';
  limit: number;
}

export interface ToolSearchResult {
  /** Active tools of the space. */
  total: number;
  /** Tools that match, before the limit. */
  found: number;
  tools: ToolRow[];
  /** The flows of those tools that still exist. */
  flows: ToolFlowRow[];
}

type JsonTool = Omit<ToolRow, 'createdAt' | 'updatedAt' | 'endDate'> & {
  createdAt: string;
  updatedAt: string;
  endDate: string | null;
  found: number;
  pos: number;
};

const clean = (terms: string[]) =>
  terms.map((t) => t.replace(/[^\p{L}\p{M}\p{N}]/gu, '').toLowerCase()).filter(Boolean);
const escapeLike = (term: string) => term.replace(/[\\%_]/g, '\\$&');

/**
 * One round trip answers total, found, the page and the page's flows. Rows come back as JSON text
 * that the driver hands over as one string: on PGlite that is about twice as fast as decoding 1000
 * rows field by field, and no slower on pg.
 */
export async function searchTools(db: Db, q: ToolSearch): Promise<ToolSearchResult> {
  const terms = clean(q.terms);
  const space = q.orgId ? sql`t.org_id = ${q.orgId}` : sql`t.org_id is null and t.owner_id = ${q.userId}`;
  const filters: SQL[] = [space, sql`t.status = 'active'`];
  if (q.tagId) filters.push(sql`t.tag_ids @> array[${q.tagId}]::text[]`);
  let order = sql`t.updated_at desc, t.id desc`;
  if (terms.length && q.mode === 'words') {
    const query = sql`to_tsquery('simple', ${terms.map((t) => `'${t}':*`).join(' & ')})`;
    filters.push(sql`t.search @@ ${query}`);
    order = sql`ts_rank(t.search, ${query}) desc, ${order}`;
  } else if (terms.length) {
    for (const term of terms)
      filters.push(sql`(t.name || ' ' || t.description) ilike ${`%${escapeLike(term)}%`}`);
  }
  const result = (await db.execute(sql`
    with m as (
      select t.id, t.org_id as "orgId", t.owner_id as "ownerId", t.name, t.description, t.code, t.status,
        t.icon_url as "iconUrl", t.type, t.flow_ids as "flowIds", t.tag_ids as "tagIds",
        t.unit_usage_option as "unitUsageOption", t.end_date as "endDate", t.created_at as "createdAt",
        t.updated_at as "updatedAt", count(*) over () as found, row_number() over (order by ${order}) as pos
      from tools t where ${sql.join(filters, sql` and `)}
      order by pos limit ${q.limit}
    )
    select (select count(*)::int from tools t where ${space} and t.status = 'active') as total,
      coalesce((select max(found) from m), 0)::int as found,
      coalesce((select json_agg(m order by pos) from m), '[]')::text as list,
      coalesce((
        select json_agg(json_build_object('id', f.id, 'name', f.name, 'description', f.description,
          'iconUrl', f.icon_url, 'projectId', f.project_id))
        from flows f where f.id in (select unnest(m."flowIds") from m)
      ), '[]')::text as flows
  `)) as unknown as { rows: Array<{ total: number; found: number; list: string; flows: string }> };
  const [row] = result.rows;
  const list = JSON.parse(row.list) as JsonTool[];
  return {
    total: Number(row.total),
    found: Number(row.found),
    flows: JSON.parse(row.flows) as ToolFlowRow[],
    tools: list.map(({ found: _found, pos: _pos, ...t }) => ({
      ...t,
      createdAt: new Date(t.createdAt),
      updatedAt: new Date(t.updatedAt),
      endDate: t.endDate ? new Date(t.endDate) : null,
    })),
  };
}

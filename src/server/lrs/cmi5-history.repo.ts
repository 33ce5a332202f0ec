import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';

/** One statement the AU (or the LMS) said about the AU itself: enough to judge cmi5's ordering rules. */
export interface Cmi5HistoryRow {
  statementId: string;
  verbId: string;
  /** The cmi5 session id in its context, if any. */
  sessionId: string | null;
  /** The authority's account name: `launch-{id}` for statements sent with a launch's credentials. */
  authority: string | null;
}

/**
 * The cmi5 verbs one learner's statements about one AU hold in one registration (not voided). Small
 * rows from the activity index: a handful per session, whatever else the AU sends about itself.
 */
export async function cmi5History(
  db: Db,
  q: { space: string; agent: string; auId: string; registration: string; verbs: readonly string[] },
): Promise<Cmi5HistoryRow[]> {
  const result = (await db.execute(sql`select statement_id, verb_id,
      statement #>> '{context,extensions,https://w3id.org/xapi/cmi5/context/extensions/sessionid}' as session_id,
      statement #>> '{authority,account,name}' as authority
    from lrs_statements
    where space = ${q.space} and object_activity_id = ${q.auId} and actor_ifi = ${q.agent}
      and registration = ${q.registration}::uuid and not voided
      and verb_id in (select value from jsonb_array_elements_text(${JSON.stringify(q.verbs)}::jsonb))
    limit 1000`)) as unknown as {
    rows: Array<{
      statement_id: string;
      verb_id: string;
      session_id: string | null;
      authority: string | null;
    }>;
  };
  return result.rows.map((r) => ({
    statementId: r.statement_id,
    verbId: r.verb_id,
    sessionId: r.session_id,
    authority: r.authority,
  }));
}

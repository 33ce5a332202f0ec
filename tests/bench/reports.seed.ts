import { sql } from 'drizzle-orm';
import type { Database } from '../../src/server/db/client';

const n = (value: number) => sql.raw(String(Math.trunc(value)));
const s = (value: string) => sql.raw(`'${value.replace(/'/g, "''")}'`);

/**
 * `count` statements of one assignment (flows `flowIds`), with the columns and JSON the LRS writes:
 * 300 learners, 60 activities, 8 verbs (half the traffic on 3), scores and evidence, over 100 days.
 */
export async function fillAssignment(
  database: Database,
  space: string,
  assignmentId: string,
  flowIds: string[],
  count: number,
  offset = 0,
) {
  const flows = `array[${flowIds.map((f) => `'${f}'`).join(',')}]::text[]`;
  await database.db.execute(sql`
    insert into lrs_statements (space, statement_id, stored, timestamp, verb_id, actor_ifi, object_activity_id,
      related_activities, related_agents, assignment_id, flow_id, statement)
    select ${space}, id, ts, ts, verb, 'mbox:' || mbox, act, array[act], array['mbox:' || mbox], ${s(assignmentId)}, flow,
      jsonb_build_object('id', id, 'version', '2.0.0', 'stored', ts_text, 'timestamp', ts_text,
        'actor', jsonb_build_object('objectType', 'Agent', 'mbox', mbox, 'name', 'Learner ' || a),
        'verb', jsonb_build_object('id', verb, 'display', jsonb_build_object('en-US', vname)),
        'object', jsonb_build_object('objectType', 'Activity', 'id', act,
          'definition', jsonb_build_object('name', jsonb_build_object('en-US', 'Activity ' || x))),
        'result', jsonb_build_object('score', jsonb_build_object('raw', g % 11, 'max', 10), 'response', 'answer ' || g),
        'context', jsonb_build_object('extensions', jsonb_build_object(
          'https://flowlearn.app/xapi/extensions/assignment-id', ${s(assignmentId)},
          'https://flowlearn.app/xapi/extensions/flow-id', flow,
          'https://flowlearn.app/xapi/extensions/evidence', 'evidence ' || g)))
    from (
      select g, gen_random_uuid() as id, a, x, ts,
        to_char(ts at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as ts_text,
        (array['answered','completed','launched','experienced','progressed','passed','failed','mastered'])[v + 1] as vname,
        'http://adlnet.gov/expapi/verbs/' || (array['answered','completed','launched','experienced','progressed','passed','failed','mastered'])[v + 1] as verb,
        'https://flowlearn.test/activities/' || x as act,
        'mailto:learner' || a || '@school.test' as mbox,
        (${sql.raw(flows)})[1 + (g % ${n(flowIds.length)})] as flow
      from (
        select g, case when g % 2 = 0 then g % 3 else g % 8 end as v,
          (g::bigint * 7919) % 60 as x, (g::bigint * 104729) % 300 as a,
          timestamptz '2026-08-01T00:00:00Z' + g * interval '86 s' as ts
        from generate_series(${n(offset + 1)}, ${n(offset + count)}) as g
      ) raw
    ) q`);
}

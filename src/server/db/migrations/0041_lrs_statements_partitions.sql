-- The statements table becomes 16 partitions by a hash of `space` (docs/design/lrs-partitions.md).
-- Every query and every index leads with space, so each prunes to one partition; the primary key
-- (space, statement_id) holds the partition key, so statement ids stay unique per LRS and the
-- insert's ON CONFLICT works unchanged. Existing rows move over in this migration (one transaction):
-- the old table is renamed, its rows copied with their seq, the sequence moved past them, and the
-- indexes built after the copy (faster than maintaining them row by row).
ALTER TABLE lrs_statements RENAME TO lrs_statements_unpartitioned;
--> statement-breakpoint
ALTER INDEX lrs_statements_space_statement_id_pk RENAME TO lrs_old_statements_pk;
--> statement-breakpoint
ALTER INDEX lrs_st_stored_idx RENAME TO lrs_old_st_stored_idx;
--> statement-breakpoint
ALTER INDEX lrs_st_verb_idx RENAME TO lrs_old_st_verb_idx;
--> statement-breakpoint
ALTER INDEX lrs_st_activity_idx RENAME TO lrs_old_st_activity_idx;
--> statement-breakpoint
ALTER INDEX lrs_st_actor_idx RENAME TO lrs_old_st_actor_idx;
--> statement-breakpoint
ALTER INDEX lrs_st_object_agent_idx RENAME TO lrs_old_st_object_agent_idx;
--> statement-breakpoint
ALTER INDEX lrs_st_registration_idx RENAME TO lrs_old_st_registration_idx;
--> statement-breakpoint
ALTER INDEX lrs_st_assignment_idx RENAME TO lrs_old_st_assignment_idx;
--> statement-breakpoint
ALTER INDEX lrs_st_ref_idx RENAME TO lrs_old_st_ref_idx;
--> statement-breakpoint
ALTER INDEX lrs_st_related_activities_idx RENAME TO lrs_old_st_related_activities_idx;
--> statement-breakpoint
ALTER INDEX lrs_st_related_agents_idx RENAME TO lrs_old_st_related_agents_idx;
--> statement-breakpoint
ALTER INDEX lrs_st_assignment_flow_idx RENAME TO lrs_old_st_assignment_flow_idx;
--> statement-breakpoint
ALTER INDEX lrs_st_assignment_stored_idx RENAME TO lrs_old_st_assignment_stored_idx;
--> statement-breakpoint
ALTER INDEX lrs_st_assignment_cell_idx RENAME TO lrs_old_st_assignment_cell_idx;
--> statement-breakpoint
CREATE TABLE lrs_statements (
  space text NOT NULL,
  statement_id uuid NOT NULL,
  seq bigint GENERATED ALWAYS AS IDENTITY,
  stored timestamptz NOT NULL,
  "timestamp" timestamptz NOT NULL,
  verb_id text NOT NULL,
  actor_ifi text,
  object_activity_id text,
  object_agent_ifi text,
  object_statement_id uuid,
  registration uuid,
  related_activities text[] NOT NULL,
  related_agents text[] NOT NULL,
  assignment_id text,
  flow_id text,
  voided boolean NOT NULL DEFAULT false,
  statement jsonb NOT NULL
) PARTITION BY HASH (space);
--> statement-breakpoint
CREATE TABLE lrs_statements_p00 PARTITION OF lrs_statements FOR VALUES WITH (MODULUS 16, REMAINDER 0);
--> statement-breakpoint
CREATE TABLE lrs_statements_p01 PARTITION OF lrs_statements FOR VALUES WITH (MODULUS 16, REMAINDER 1);
--> statement-breakpoint
CREATE TABLE lrs_statements_p02 PARTITION OF lrs_statements FOR VALUES WITH (MODULUS 16, REMAINDER 2);
--> statement-breakpoint
CREATE TABLE lrs_statements_p03 PARTITION OF lrs_statements FOR VALUES WITH (MODULUS 16, REMAINDER 3);
--> statement-breakpoint
CREATE TABLE lrs_statements_p04 PARTITION OF lrs_statements FOR VALUES WITH (MODULUS 16, REMAINDER 4);
--> statement-breakpoint
CREATE TABLE lrs_statements_p05 PARTITION OF lrs_statements FOR VALUES WITH (MODULUS 16, REMAINDER 5);
--> statement-breakpoint
CREATE TABLE lrs_statements_p06 PARTITION OF lrs_statements FOR VALUES WITH (MODULUS 16, REMAINDER 6);
--> statement-breakpoint
CREATE TABLE lrs_statements_p07 PARTITION OF lrs_statements FOR VALUES WITH (MODULUS 16, REMAINDER 7);
--> statement-breakpoint
CREATE TABLE lrs_statements_p08 PARTITION OF lrs_statements FOR VALUES WITH (MODULUS 16, REMAINDER 8);
--> statement-breakpoint
CREATE TABLE lrs_statements_p09 PARTITION OF lrs_statements FOR VALUES WITH (MODULUS 16, REMAINDER 9);
--> statement-breakpoint
CREATE TABLE lrs_statements_p10 PARTITION OF lrs_statements FOR VALUES WITH (MODULUS 16, REMAINDER 10);
--> statement-breakpoint
CREATE TABLE lrs_statements_p11 PARTITION OF lrs_statements FOR VALUES WITH (MODULUS 16, REMAINDER 11);
--> statement-breakpoint
CREATE TABLE lrs_statements_p12 PARTITION OF lrs_statements FOR VALUES WITH (MODULUS 16, REMAINDER 12);
--> statement-breakpoint
CREATE TABLE lrs_statements_p13 PARTITION OF lrs_statements FOR VALUES WITH (MODULUS 16, REMAINDER 13);
--> statement-breakpoint
CREATE TABLE lrs_statements_p14 PARTITION OF lrs_statements FOR VALUES WITH (MODULUS 16, REMAINDER 14);
--> statement-breakpoint
CREATE TABLE lrs_statements_p15 PARTITION OF lrs_statements FOR VALUES WITH (MODULUS 16, REMAINDER 15);
--> statement-breakpoint
INSERT INTO lrs_statements (space, statement_id, seq, stored, "timestamp", verb_id, actor_ifi, object_activity_id, object_agent_ifi,
  object_statement_id, registration, related_activities, related_agents, assignment_id, flow_id, voided, statement)
OVERRIDING SYSTEM VALUE
SELECT space, statement_id, seq, stored, "timestamp", verb_id, actor_ifi, object_activity_id, object_agent_ifi,
  object_statement_id, registration, related_activities, related_agents, assignment_id, flow_id, voided, statement
FROM lrs_statements_unpartitioned;
--> statement-breakpoint
-- New rows number on from the copied ones: `seq` orders statements stored in the same millisecond.
SELECT setval(pg_get_serial_sequence('lrs_statements', 'seq'), coalesce((SELECT max(seq) FROM lrs_statements), 0) + 1, false);
--> statement-breakpoint
DROP TABLE lrs_statements_unpartitioned;
--> statement-breakpoint
ALTER TABLE lrs_statements ADD CONSTRAINT lrs_statements_space_statement_id_pk PRIMARY KEY (space, statement_id);
--> statement-breakpoint
CREATE INDEX lrs_st_stored_idx ON lrs_statements USING btree (space, stored, seq);
--> statement-breakpoint
CREATE INDEX lrs_st_verb_idx ON lrs_statements USING btree (space, verb_id, stored);
--> statement-breakpoint
CREATE INDEX lrs_st_activity_idx ON lrs_statements USING btree (space, object_activity_id, stored);
--> statement-breakpoint
CREATE INDEX lrs_st_actor_idx ON lrs_statements USING btree (space, actor_ifi, stored);
--> statement-breakpoint
CREATE INDEX lrs_st_object_agent_idx ON lrs_statements USING btree (space, object_agent_ifi, stored) WHERE (object_agent_ifi IS NOT NULL);
--> statement-breakpoint
CREATE INDEX lrs_st_registration_idx ON lrs_statements USING btree (space, registration, stored) WHERE (registration IS NOT NULL);
--> statement-breakpoint
CREATE INDEX lrs_st_assignment_idx ON lrs_statements USING btree (space, assignment_id, verb_id, stored) WHERE (assignment_id IS NOT NULL);
--> statement-breakpoint
CREATE INDEX lrs_st_ref_idx ON lrs_statements USING btree (space, object_statement_id) WHERE (object_statement_id IS NOT NULL);
--> statement-breakpoint
CREATE INDEX lrs_st_related_activities_idx ON lrs_statements USING gin (related_activities);
--> statement-breakpoint
CREATE INDEX lrs_st_related_agents_idx ON lrs_statements USING gin (related_agents);
--> statement-breakpoint
CREATE INDEX lrs_st_assignment_flow_idx ON lrs_statements USING btree (space, assignment_id, flow_id, "timestamp") WHERE ((assignment_id IS NOT NULL) AND (flow_id IS NOT NULL));
--> statement-breakpoint
CREATE INDEX lrs_st_assignment_stored_idx ON lrs_statements USING btree (space, assignment_id, stored, seq, verb_id, actor_ifi, flow_id, "timestamp") WHERE ((assignment_id IS NOT NULL) AND (NOT voided));
--> statement-breakpoint
CREATE INDEX lrs_st_assignment_cell_idx ON lrs_statements USING btree (space, assignment_id, object_activity_id, verb_id, actor_ifi, "timestamp" DESC, seq DESC, statement_id) WHERE ((assignment_id IS NOT NULL) AND (NOT voided));
--> statement-breakpoint
-- Retention per space (off when there is no row): statements stored more than `months` ago are
-- deleted in batches by the periodic job in src/server/lrs/retention.ts.
CREATE TABLE lrs_retention (
  space text PRIMARY KEY,
  months integer NOT NULL CHECK (months BETWEEN 1 AND 1200),
  updated_by text NOT NULL,
  updated_at timestamptz NOT NULL DEFAULT now()
);

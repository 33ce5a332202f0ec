-- Retention deletes what a space's statements own, not only the statements (src/server/lrs/retention.ts).
--
-- An attachment's file may be shared by several statements of the space (one row per space and
-- hash). last_stored is the latest `stored` of a statement that carries it: retention deletes
-- statements stored before a cutoff, so when last_stored is before the cutoff, no statement that is
-- kept carries the attachment, and its row and file can go. Kept up to date on ingest; here it is
-- computed once from the statements stored so far (one pass over them).
ALTER TABLE lrs_attachments ADD COLUMN last_stored timestamptz;
--> statement-breakpoint
UPDATE lrs_attachments a SET last_stored = r.last_stored
FROM (
  SELECT s.space, lower(x->>'sha2') AS sha2, max(s.stored) AS last_stored
  FROM lrs_statements s
  CROSS JOIN LATERAL jsonb_array_elements(
    CASE WHEN jsonb_typeof(s.statement->'attachments') = 'array' THEN s.statement->'attachments' ELSE '[]'::jsonb END
  ) AS x
  WHERE s.statement ? 'attachments'
  GROUP BY 1, 2
) r
WHERE a.space = r.space AND a.sha2 = r.sha2;
--> statement-breakpoint
-- A file no statement carries (its statement never committed): as old as the file itself.
UPDATE lrs_attachments SET last_stored = created_at WHERE last_stored IS NULL;
--> statement-breakpoint
ALTER TABLE lrs_attachments ALTER COLUMN last_stored SET NOT NULL;
--> statement-breakpoint
ALTER TABLE lrs_attachments ALTER COLUMN last_stored SET DEFAULT now();
--> statement-breakpoint
-- The sweep deletes documents (state, profiles) last written before the cutoff, in batches along
-- this index, instead of reading every document of the space each hour.
CREATE INDEX IF NOT EXISTS lrs_documents_updated_idx ON lrs_documents (space, updated_at);

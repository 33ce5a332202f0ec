ALTER TABLE "flows" ADD COLUMN "nodes_count" integer GENERATED ALWAYS AS (jsonb_array_length(nodes)) STORED NOT NULL;--> statement-breakpoint
-- Graphs past 2 KB are compressed: lz4 writes and reads several times faster than the default pglz.
-- Only where the server was built with it (PostgreSQL usually is; PGlite is not).
DO $$
BEGIN
  ALTER TABLE "flows" ALTER COLUMN "nodes" SET COMPRESSION lz4;
  ALTER TABLE "flows" ALTER COLUMN "edges" SET COMPRESSION lz4;
EXCEPTION WHEN feature_not_supported THEN
  NULL;
END $$;

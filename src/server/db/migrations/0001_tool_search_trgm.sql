-- Trigram index for the substring fallback of the tool search (ILIKE '%part%'). pg_trgm is a trusted
-- extension (PostgreSQL 13+): the database owner may create it; PGlite loads it in db/client.ts.
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE INDEX "tools_text_trgm_idx" ON "tools" USING gin (("name" || ' ' || "description") gin_trgm_ops);
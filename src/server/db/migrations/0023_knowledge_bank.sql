-- Knowledge banks (issue 32): a bank belongs to one space (org_id null: the owner's personal space),
-- holds documents, and each document's text is cut into chunks indexed for full-text search.
CREATE TABLE "knowledge_banks" (
	"id" text PRIMARY KEY NOT NULL,
	"owner_id" text NOT NULL REFERENCES "users"("id") ON DELETE cascade,
	"org_id" text REFERENCES "organizations"("id") ON DELETE cascade,
	"name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "knowledge_banks_space_idx" ON "knowledge_banks" USING btree ("org_id","owner_id","updated_at");
--> statement-breakpoint
CREATE TABLE "knowledge_documents" (
	"id" text PRIMARY KEY NOT NULL,
	"bank_id" text NOT NULL REFERENCES "knowledge_banks"("id") ON DELETE cascade,
	"uploaded_by" text REFERENCES "users"("id") ON DELETE set null,
	"file_name" text NOT NULL,
	"content_type" text NOT NULL,
	"size" integer NOT NULL,
	"storage_key" text NOT NULL,
	"chunks_count" integer DEFAULT 0 NOT NULL,
	"embedding_model" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "knowledge_documents_bank_idx" ON "knowledge_documents" USING btree ("bank_id","created_at");
--> statement-breakpoint
-- 'simple' configuration: banks hold documents in any of the five languages, so no language's
-- stemmer is applied (a wrong stemmer mangles the others' words).
CREATE TABLE "knowledge_chunks" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY,
	"bank_id" text NOT NULL REFERENCES "knowledge_banks"("id") ON DELETE cascade,
	"document_id" text NOT NULL REFERENCES "knowledge_documents"("id") ON DELETE cascade,
	"position" integer NOT NULL,
	"page" integer,
	"text" text NOT NULL,
	"tsv" tsvector GENERATED ALWAYS AS (to_tsvector('simple'::regconfig, "text")) STORED
);
--> statement-breakpoint
CREATE INDEX "knowledge_chunks_tsv_idx" ON "knowledge_chunks" USING gin ("tsv");
--> statement-breakpoint
CREATE INDEX "knowledge_chunks_document_idx" ON "knowledge_chunks" USING btree ("document_id","position");
--> statement-breakpoint
CREATE INDEX "knowledge_chunks_bank_idx" ON "knowledge_chunks" USING btree ("bank_id");
--> statement-breakpoint
-- Vectors only where the server offers pgvector (PGlite loads it; Debian's PostgreSQL 15 has none):
-- without it the table is absent and retrieval is full-text only. The column has no fixed dimension
-- so that any embedding model fits; a query compares only vectors of the same model.
DO $$
BEGIN
	IF EXISTS (SELECT 1 FROM pg_available_extensions WHERE name = 'vector') THEN
		CREATE EXTENSION IF NOT EXISTS vector;
		EXECUTE 'CREATE TABLE "knowledge_chunk_vectors" (
			"chunk_id" bigint PRIMARY KEY REFERENCES "knowledge_chunks"("id") ON DELETE cascade,
			"bank_id" text NOT NULL REFERENCES "knowledge_banks"("id") ON DELETE cascade,
			"model" text NOT NULL,
			"embedding" vector NOT NULL
		)';
		EXECUTE 'CREATE INDEX "knowledge_chunk_vectors_bank_idx" ON "knowledge_chunk_vectors" USING btree ("bank_id","model")';
	END IF;
END $$;

-- Knowledge retrieval over many passages (docs/performance.md, knowledge bank).
-- Where pgvector is there: one HNSW index per dimension of the vectors already stored (the column has
-- no fixed dimension; knowledge.vectors.ts makes the index for a new one), and iterative index scans,
-- so a search filtered to a few banks (or one model) still gets its nearest passages from an index
-- shared by all banks. The database-wide setting needs the database's owner: without it, searches stay
-- correct but a small bank among many may get fewer passages than asked.
DO $$
DECLARE
	dims integer;
BEGIN
	IF to_regclass('public.knowledge_chunk_vectors') IS NOT NULL THEN
		PERFORM set_config('hnsw.iterative_scan', 'relaxed_order', false);
		BEGIN
			EXECUTE format('ALTER DATABASE %I SET hnsw.iterative_scan = relaxed_order', current_database());
		EXCEPTION WHEN insufficient_privilege THEN
			RAISE NOTICE 'hnsw.iterative_scan not set for the database: %', SQLERRM;
		END;
		FOR dims IN
			SELECT DISTINCT vector_dims(embedding) FROM knowledge_chunk_vectors WHERE vector_dims(embedding) <= 2000
		LOOP
			EXECUTE format(
				'CREATE INDEX IF NOT EXISTS %I ON knowledge_chunk_vectors USING hnsw ((embedding::vector(%s)) vector_cosine_ops) WHERE vector_dims(embedding) = %s',
				'knowledge_chunk_vectors_hnsw_' || dims, dims, dims);
		END LOOP;
	END IF;
END $$;

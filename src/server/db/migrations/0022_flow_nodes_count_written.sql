-- The block count is written by the server with every write of the graph (it has the blocks parsed):
-- generated, PostgreSQL parsed the whole graph's text again on every save. The counts stay as they are.
ALTER TABLE "flows" ALTER COLUMN "nodes_count" DROP EXPRESSION;

CREATE TABLE "tool_space_counts" (
	"space" text PRIMARY KEY NOT NULL,
	"active" integer DEFAULT 0 NOT NULL
);--> statement-breakpoint
-- The tool search's total: kept by the database on every write to tools (inserts, status changes,
-- moves between spaces, deletes and cascades alike), so no caller can forget it.
CREATE FUNCTION "tool_space_counts_follow"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' AND OLD.status = 'active' THEN
    UPDATE "tool_space_counts" SET "active" = "active" - 1
    WHERE "space" = coalesce(OLD.org_id, 'user:' || OLD.owner_id);
  END IF;
  IF TG_OP <> 'DELETE' AND NEW.status = 'active' THEN
    INSERT INTO "tool_space_counts" ("space", "active") VALUES (coalesce(NEW.org_id, 'user:' || NEW.owner_id), 1)
    ON CONFLICT ("space") DO UPDATE SET "active" = "tool_space_counts"."active" + 1;
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "tools_count_insert_delete" AFTER INSERT OR DELETE ON "tools"
  FOR EACH ROW EXECUTE FUNCTION "tool_space_counts_follow"();--> statement-breakpoint
-- Updates count only when the status or the space changes (an edit of a name changes nothing).
CREATE TRIGGER "tools_count_update" AFTER UPDATE OF "status", "org_id", "owner_id" ON "tools"
  FOR EACH ROW WHEN (OLD.status IS DISTINCT FROM NEW.status OR OLD.org_id IS DISTINCT FROM NEW.org_id
    OR OLD.owner_id IS DISTINCT FROM NEW.owner_id)
  EXECUTE FUNCTION "tool_space_counts_follow"();--> statement-breakpoint
INSERT INTO "tool_space_counts" ("space", "active")
  SELECT coalesce(org_id, 'user:' || owner_id), count(*)::int FROM "tools" WHERE status = 'active' GROUP BY 1;

-- cmi5 sessions: a new launch looks up the earlier launches of the same package, AU and registration
-- (to write "abandoned" for those that never terminated).
CREATE INDEX IF NOT EXISTS "lrs_launches_session_idx" ON "lrs_launches" ("package_id", "activity_id", "registration");

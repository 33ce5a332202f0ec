-- Launch credentials of xAPI (TinCan) and cmi5 packages (issue 33): each launch of a package by a
-- learner gets its own short-lived key, valid only for that learner as actor, that package's activity
-- (and the activities under it) and that registration. Only the hash of the secret is kept. A cmi5
-- launch starts without a secret: its one-time fetch code (hashed too) hands the secret out once.
CREATE TABLE IF NOT EXISTS "lrs_launches" (
  "id" text PRIMARY KEY NOT NULL,
  "secret_hash" text,
  "fetch_hash" text,
  "fetched_at" timestamp with time zone,
  "space" text NOT NULL,
  "package_id" text NOT NULL,
  "activity_id" text NOT NULL,
  "registration" text NOT NULL,
  "actor" jsonb NOT NULL,
  "context" jsonb NOT NULL,
  "name" text NOT NULL,
  "expires_at" timestamp with time zone NOT NULL,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "lrs_launches_expires_idx" ON "lrs_launches" ("expires_at");

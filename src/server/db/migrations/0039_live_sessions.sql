-- Live classroom (issue 40): a teacher paces one flow of an assignment step by step, phones follow.
-- At most one session of an assignment is open (ended_at null), kept by a partial unique index, so two
-- teachers pressing "Start live" at once end up on the same session.
CREATE TABLE IF NOT EXISTS "live_sessions" (
  "id" text PRIMARY KEY NOT NULL,
  "assignment_id" text NOT NULL REFERENCES "assignments"("id") ON DELETE CASCADE,
  "flow_id" text NOT NULL,
  "started_by" text NOT NULL REFERENCES "users"("id") ON DELETE CASCADE,
  "step" integer DEFAULT 0 NOT NULL,
  "step_count" integer NOT NULL,
  "answers_open" boolean DEFAULT true NOT NULL,
  "revealed" boolean DEFAULT false NOT NULL,
  "work_ahead" boolean DEFAULT false NOT NULL,
  "revision" integer DEFAULT 1 NOT NULL,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL,
  "ended_at" timestamp with time zone
);
--> statement-breakpoint
CREATE UNIQUE INDEX IF NOT EXISTS "live_sessions_open_idx" ON "live_sessions" ("assignment_id") WHERE "ended_at" IS NULL;
--> statement-breakpoint
-- Who joined the session (names on the projector) and their answer per step (the live chart). The
-- xAPI statements of the same answers go to the LRS as the player always records them.
CREATE TABLE IF NOT EXISTS "live_members" (
  "session_id" text NOT NULL REFERENCES "live_sessions"("id") ON DELETE CASCADE,
  "user_id" text NOT NULL REFERENCES "users"("id") ON DELETE CASCADE,
  "joined_at" timestamp with time zone DEFAULT now() NOT NULL,
  PRIMARY KEY ("session_id", "user_id")
);
--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "live_answers" (
  "session_id" text NOT NULL REFERENCES "live_sessions"("id") ON DELETE CASCADE,
  "step" integer NOT NULL,
  "user_id" text NOT NULL REFERENCES "users"("id") ON DELETE CASCADE,
  "node_id" text NOT NULL,
  "answer" jsonb NOT NULL,
  "answered_at" timestamp with time zone DEFAULT now() NOT NULL,
  PRIMARY KEY ("session_id", "step", "user_id")
);

-- Where a learner is in a flow of an assignment (the runtime's run state, plain JSON), so a learner
-- who signs in on another phone goes on where they left (issue 34 item 5). One row per learner,
-- assignment and flow; it goes with the assignment or the user.
CREATE TABLE IF NOT EXISTS "player_run_states" (
  "assignment_id" text NOT NULL REFERENCES "assignments"("id") ON DELETE CASCADE,
  "user_id" text NOT NULL REFERENCES "users"("id") ON DELETE CASCADE,
  "flow_id" text NOT NULL,
  "revision" integer NOT NULL,
  "run" jsonb NOT NULL,
  "updated_at" timestamp with time zone DEFAULT now() NOT NULL,
  PRIMARY KEY ("assignment_id", "user_id", "flow_id")
);

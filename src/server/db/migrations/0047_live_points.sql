-- Live lessons: optional points and a leaderboard. `points` switches them on for a session (off by
-- default); `hide_names` puts "Learner n" on the projector's leaderboard instead of names;
-- `step_opened_at` is the server's time the teacher's step opened, from which an answer's speed is
-- counted; each answer keeps the points it earned.
ALTER TABLE "live_sessions" ADD COLUMN IF NOT EXISTS "points" boolean DEFAULT false NOT NULL;
--> statement-breakpoint
ALTER TABLE "live_sessions" ADD COLUMN IF NOT EXISTS "hide_names" boolean DEFAULT true NOT NULL;
--> statement-breakpoint
ALTER TABLE "live_sessions" ADD COLUMN IF NOT EXISTS "step_opened_at" timestamp with time zone DEFAULT now() NOT NULL;
--> statement-breakpoint
ALTER TABLE "live_answers" ADD COLUMN IF NOT EXISTS "points" integer DEFAULT 0 NOT NULL;

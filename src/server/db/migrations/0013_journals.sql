CREATE TABLE "journals" (
	"id" text PRIMARY KEY NOT NULL,
	"assignment_id" text NOT NULL,
	"user_id" text,
	"collaborative" boolean DEFAULT false NOT NULL,
	"name" text NOT NULL,
	"type" text NOT NULL,
	"flow_id" text,
	"ref_id" text,
	"content" text DEFAULT '' NOT NULL,
	"thumbnail" text,
	"paragraph" text DEFAULT '' NOT NULL,
	"is_archive" boolean DEFAULT false NOT NULL,
	"members" text[] DEFAULT '{}'::text[] NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "journals" ADD CONSTRAINT "journals_assignment_id_assignments_id_fk" FOREIGN KEY ("assignment_id") REFERENCES "public"."assignments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "journals_personal_key_idx" ON "journals" USING btree ("assignment_id","user_id","name") WHERE "journals"."collaborative" = false;--> statement-breakpoint
CREATE UNIQUE INDEX "journals_collaborative_key_idx" ON "journals" USING btree ("assignment_id","name") WHERE "journals"."collaborative" = true;--> statement-breakpoint
CREATE INDEX "journals_assignment_idx" ON "journals" USING btree ("assignment_id","collaborative","updated_at");--> statement-breakpoint
CREATE INDEX "lrs_st_assignment_flow_idx" ON "lrs_statements" USING btree ("space","assignment_id","flow_id","timestamp") WHERE "lrs_statements"."assignment_id" is not null and "lrs_statements"."flow_id" is not null;
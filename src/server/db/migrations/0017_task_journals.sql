ALTER TABLE "journals" ALTER COLUMN "assignment_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "journals" ADD COLUMN "task_id" text;--> statement-breakpoint
ALTER TABLE "journals" ADD COLUMN "run_id" text;--> statement-breakpoint
ALTER TABLE "journals" ADD CONSTRAINT "journals_task_id_automation_tasks_id_fk" FOREIGN KEY ("task_id") REFERENCES "public"."automation_tasks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "journals_run_key_idx" ON "journals" USING btree ("run_id","name") WHERE "journals"."task_id" is not null;--> statement-breakpoint
CREATE INDEX "journals_task_idx" ON "journals" USING btree ("task_id","created_at");--> statement-breakpoint
ALTER TABLE "journals" ADD CONSTRAINT "journals_owner_check" CHECK (("journals"."assignment_id" is null) <> ("journals"."task_id" is null) and ("journals"."task_id" is null) = ("journals"."run_id" is null));
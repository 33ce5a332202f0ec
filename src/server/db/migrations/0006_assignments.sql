CREATE TABLE "assignment_access_links" (
	"code" text PRIMARY KEY NOT NULL,
	"assignment_id" text NOT NULL,
	"org_id" text,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "assignment_co_owners" (
	"assignment_id" text NOT NULL,
	"user_id" text NOT NULL,
	"added_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "assignment_co_owners_assignment_id_user_id_pk" PRIMARY KEY("assignment_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "assignment_interactions" (
	"assignment_id" text NOT NULL,
	"user_id" text NOT NULL,
	"flow_id" text NOT NULL,
	"interactions" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "assignment_interactions_assignment_id_user_id_flow_id_pk" PRIMARY KEY("assignment_id","user_id","flow_id")
);
--> statement-breakpoint
CREATE TABLE "assignment_participants" (
	"assignment_id" text NOT NULL,
	"user_id" text NOT NULL,
	"view_output" boolean DEFAULT true NOT NULL,
	"joined_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "assignment_participants_assignment_id_user_id_pk" PRIMARY KEY("assignment_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "assignments" (
	"id" text PRIMARY KEY NOT NULL,
	"org_id" text,
	"owner_id" text NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"code" text NOT NULL,
	"type" text DEFAULT 'single' NOT NULL,
	"icon_url" text,
	"flow_ids" text[] DEFAULT '{}'::text[] NOT NULL,
	"tag_ids" text[] DEFAULT '{}'::text[] NOT NULL,
	"unit_usage_option" text NOT NULL,
	"start_date" timestamp with time zone DEFAULT now() NOT NULL,
	"end_date" timestamp with time zone,
	"is_paused" boolean DEFAULT false NOT NULL,
	"is_locked" boolean DEFAULT false NOT NULL,
	"sign_in_required" boolean DEFAULT true NOT NULL,
	"disable_submission_report" boolean DEFAULT false NOT NULL,
	"disable_dashboard" boolean DEFAULT false NOT NULL,
	"disable_public_access_link" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "assignment_access_links" ADD CONSTRAINT "assignment_access_links_assignment_id_assignments_id_fk" FOREIGN KEY ("assignment_id") REFERENCES "public"."assignments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assignment_access_links" ADD CONSTRAINT "assignment_access_links_org_id_organizations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assignment_access_links" ADD CONSTRAINT "assignment_access_links_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assignment_co_owners" ADD CONSTRAINT "assignment_co_owners_assignment_id_assignments_id_fk" FOREIGN KEY ("assignment_id") REFERENCES "public"."assignments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assignment_co_owners" ADD CONSTRAINT "assignment_co_owners_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assignment_co_owners" ADD CONSTRAINT "assignment_co_owners_added_by_users_id_fk" FOREIGN KEY ("added_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assignment_interactions" ADD CONSTRAINT "assignment_interactions_participant_fk" FOREIGN KEY ("assignment_id","user_id") REFERENCES "public"."assignment_participants"("assignment_id","user_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assignment_participants" ADD CONSTRAINT "assignment_participants_assignment_id_assignments_id_fk" FOREIGN KEY ("assignment_id") REFERENCES "public"."assignments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assignment_participants" ADD CONSTRAINT "assignment_participants_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assignments" ADD CONSTRAINT "assignments_org_id_organizations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assignments" ADD CONSTRAINT "assignments_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "assignment_access_links_assignment_idx" ON "assignment_access_links" USING btree ("assignment_id","created_at");--> statement-breakpoint
CREATE INDEX "assignment_co_owners_user_idx" ON "assignment_co_owners" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "assignment_participants_user_idx" ON "assignment_participants" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "assignments_code_lower_idx" ON "assignments" USING btree (lower("code"));--> statement-breakpoint
CREATE INDEX "assignments_org_idx" ON "assignments" USING btree ("org_id","created_at");--> statement-breakpoint
CREATE INDEX "assignments_owner_idx" ON "assignments" USING btree ("owner_id","org_id");
CREATE TABLE "content_packages" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"org_id" text,
	"format" text NOT NULL,
	"title" text NOT NULL,
	"activity_id" text NOT NULL,
	"launch_path" text NOT NULL,
	"files" jsonb NOT NULL,
	"file_count" integer NOT NULL,
	"size" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "content_packages_format_check" CHECK ("format" IN ('h5p', 'tincan', 'cmi5'))
);
--> statement-breakpoint
ALTER TABLE "content_packages" ADD CONSTRAINT "content_packages_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "content_packages" ADD CONSTRAINT "content_packages_org_id_organizations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "content_packages_owner_idx" ON "content_packages" USING btree ("org_id","user_id","created_at");

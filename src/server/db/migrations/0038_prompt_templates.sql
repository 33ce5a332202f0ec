CREATE TABLE "prompt_templates" (
	"id" text PRIMARY KEY NOT NULL,
	"owner_id" text NOT NULL,
	"org_id" text,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"system_prompt" text DEFAULT '' NOT NULL,
	"user_prompt" text DEFAULT '' NOT NULL,
	"compatible_model" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"selected_model" text DEFAULT '' NOT NULL,
	"generate_text_using" text DEFAULT 'callerModel' NOT NULL,
	"sections" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"icon" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "prompt_templates" ADD CONSTRAINT "prompt_templates_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "prompt_templates" ADD CONSTRAINT "prompt_templates_org_id_organizations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "prompt_templates_org_idx" ON "prompt_templates" USING btree ("org_id","updated_at");--> statement-breakpoint
CREATE INDEX "prompt_templates_owner_idx" ON "prompt_templates" USING btree ("owner_id","updated_at");

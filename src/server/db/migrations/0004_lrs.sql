CREATE TABLE "lrs_activities" (
	"space" text NOT NULL,
	"activity_id" text NOT NULL,
	"definition" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "lrs_activities_space_activity_id_pk" PRIMARY KEY("space","activity_id")
);
--> statement-breakpoint
CREATE TABLE "lrs_attachments" (
	"space" text NOT NULL,
	"sha2" text NOT NULL,
	"content_type" text NOT NULL,
	"length" bigint NOT NULL,
	"storage_key" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "lrs_attachments_space_sha2_pk" PRIMARY KEY("space","sha2")
);
--> statement-breakpoint
CREATE TABLE "lrs_credentials" (
	"key" text PRIMARY KEY NOT NULL,
	"secret_hash" text NOT NULL,
	"space" text NOT NULL,
	"name" text NOT NULL,
	"created_by" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"revoked_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "lrs_documents" (
	"space" text NOT NULL,
	"kind" text NOT NULL,
	"activity_id" text NOT NULL,
	"agent_ifi" text NOT NULL,
	"registration" text NOT NULL,
	"doc_id" text NOT NULL,
	"content_type" text NOT NULL,
	"content" "bytea" NOT NULL,
	"etag" text NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "lrs_documents_space_kind_activity_id_agent_ifi_registration_doc_id_pk" PRIMARY KEY("space","kind","activity_id","agent_ifi","registration","doc_id")
);
--> statement-breakpoint
CREATE TABLE "lrs_statements" (
	"space" text NOT NULL,
	"statement_id" uuid NOT NULL,
	"seq" bigint GENERATED ALWAYS AS IDENTITY (sequence name "lrs_statements_seq_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"stored" timestamp with time zone NOT NULL,
	"timestamp" timestamp with time zone NOT NULL,
	"verb_id" text NOT NULL,
	"actor_ifi" text,
	"object_activity_id" text,
	"object_agent_ifi" text,
	"object_statement_id" uuid,
	"registration" uuid,
	"related_activities" text[] NOT NULL,
	"related_agents" text[] NOT NULL,
	"assignment_id" text,
	"flow_id" text,
	"voided" boolean DEFAULT false NOT NULL,
	"statement" jsonb NOT NULL,
	CONSTRAINT "lrs_statements_space_statement_id_pk" PRIMARY KEY("space","statement_id")
);
--> statement-breakpoint
CREATE INDEX "lrs_credentials_space_idx" ON "lrs_credentials" USING btree ("space","created_at");--> statement-breakpoint
CREATE INDEX "lrs_st_stored_idx" ON "lrs_statements" USING btree ("space","stored","seq");--> statement-breakpoint
CREATE INDEX "lrs_st_verb_idx" ON "lrs_statements" USING btree ("space","verb_id","stored");--> statement-breakpoint
CREATE INDEX "lrs_st_activity_idx" ON "lrs_statements" USING btree ("space","object_activity_id","stored");--> statement-breakpoint
CREATE INDEX "lrs_st_actor_idx" ON "lrs_statements" USING btree ("space","actor_ifi","stored");--> statement-breakpoint
CREATE INDEX "lrs_st_object_agent_idx" ON "lrs_statements" USING btree ("space","object_agent_ifi","stored") WHERE "lrs_statements"."object_agent_ifi" is not null;--> statement-breakpoint
CREATE INDEX "lrs_st_registration_idx" ON "lrs_statements" USING btree ("space","registration","stored") WHERE "lrs_statements"."registration" is not null;--> statement-breakpoint
CREATE INDEX "lrs_st_assignment_idx" ON "lrs_statements" USING btree ("space","assignment_id","verb_id","stored") WHERE "lrs_statements"."assignment_id" is not null;--> statement-breakpoint
CREATE INDEX "lrs_st_ref_idx" ON "lrs_statements" USING btree ("space","object_statement_id") WHERE "lrs_statements"."object_statement_id" is not null;--> statement-breakpoint
CREATE INDEX "lrs_st_related_activities_idx" ON "lrs_statements" USING gin ("related_activities");--> statement-breakpoint
CREATE INDEX "lrs_st_related_agents_idx" ON "lrs_statements" USING gin ("related_agents");
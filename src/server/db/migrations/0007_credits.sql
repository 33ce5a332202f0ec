CREATE TABLE "credit_reservations" (
	"id" text PRIMARY KEY NOT NULL,
	"wallet_id" text NOT NULL,
	"amount" numeric(30, 12) NOT NULL,
	"status" text NOT NULL,
	"charged" numeric(30, 12),
	"transfer_id" text,
	"reason" text NOT NULL,
	"reference" text DEFAULT '' NOT NULL,
	"idempotency_key" text NOT NULL,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"closed_at" timestamp with time zone,
	CONSTRAINT "credit_reservations_amount" CHECK ("credit_reservations"."amount" > 0)
);
--> statement-breakpoint
CREATE TABLE "credit_transfers" (
	"id" text PRIMARY KEY NOT NULL,
	"seq" bigserial NOT NULL,
	"from_wallet_id" text NOT NULL,
	"to_wallet_id" text NOT NULL,
	"amount" numeric(30, 12) NOT NULL,
	"reason" text NOT NULL,
	"reference" text DEFAULT '' NOT NULL,
	"idempotency_key" text NOT NULL,
	"created_by" text,
	"from_balance_after" numeric(30, 12),
	"to_balance_after" numeric(30, 12),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "credit_transfers_amount" CHECK ("credit_transfers"."amount" > 0 and "credit_transfers"."from_wallet_id" <> "credit_transfers"."to_wallet_id")
);
--> statement-breakpoint
CREATE TABLE "credit_wallets" (
	"id" text PRIMARY KEY NOT NULL,
	"owner_kind" text NOT NULL,
	"owner_id" text NOT NULL,
	"balance" numeric(30, 12) DEFAULT '0' NOT NULL,
	"reserved" numeric(30, 12) DEFAULT '0' NOT NULL,
	"monthly_limit" numeric(30, 12),
	"month_key" text,
	"spent_month" numeric(30, 12) DEFAULT '0' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "credit_wallets_amounts" CHECK ("credit_wallets"."reserved" >= 0 and "credit_wallets"."balance" >= "credit_wallets"."reserved"),
	CONSTRAINT "credit_wallets_limit" CHECK ("credit_wallets"."monthly_limit" is null or "credit_wallets"."monthly_limit" >= 0)
);
--> statement-breakpoint
CREATE UNIQUE INDEX "credit_reservations_key_idx" ON "credit_reservations" USING btree ("idempotency_key");--> statement-breakpoint
CREATE INDEX "credit_reservations_open_idx" ON "credit_reservations" USING btree ("wallet_id","expires_at") WHERE "credit_reservations"."status" = 'open';--> statement-breakpoint
CREATE UNIQUE INDEX "credit_transfers_key_idx" ON "credit_transfers" USING btree ("idempotency_key");--> statement-breakpoint
CREATE INDEX "credit_transfers_from_idx" ON "credit_transfers" USING btree ("from_wallet_id","seq");--> statement-breakpoint
CREATE INDEX "credit_transfers_to_idx" ON "credit_transfers" USING btree ("to_wallet_id","seq");
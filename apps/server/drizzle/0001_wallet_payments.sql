CREATE TABLE "payment_intents" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"player_uid" text NOT NULL,
	"wallet_uid" text NOT NULL,
	"type" text NOT NULL,
	"method_code" text NOT NULL,
	"status" text DEFAULT 'PENDING' NOT NULL,
	"amount_cents" bigint NOT NULL,
	"fee_cents" bigint DEFAULT 0 NOT NULL,
	"phone" text,
	"message" text,
	"merchant_request_id" text,
	"checkout_request_id" text,
	"originator_conversation_id" text,
	"conversation_id" text,
	"receipt" text,
	"result_code" integer,
	"provider_completed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payment_intents_merchant_request_id_unique" UNIQUE("merchant_request_id"),
	CONSTRAINT "payment_intents_checkout_request_id_unique" UNIQUE("checkout_request_id"),
	CONSTRAINT "payment_intents_originator_conversation_id_unique" UNIQUE("originator_conversation_id"),
	CONSTRAINT "payment_intents_conversation_id_unique" UNIQUE("conversation_id"),
	CONSTRAINT "payment_intents_receipt_unique" UNIQUE("receipt"),
	CONSTRAINT "payment_intents_status" CHECK ("payment_intents"."status" IN ('PENDING', 'IN_PROGRESS', 'COMPLETED', 'ERROR', 'CANCELLED')),
	CONSTRAINT "payment_intents_amount_positive" CHECK ("payment_intents"."amount_cents" > 0 AND "payment_intents"."fee_cents" >= 0)
);
--> statement-breakpoint
CREATE TABLE "payment_methods" (
	"id" integer PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"available" boolean NOT NULL,
	CONSTRAINT "payment_methods_code_unique" UNIQUE("code")
);
--> statement-breakpoint
CREATE TABLE "journal_entries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" text NOT NULL,
	"intent_id" uuid,
	"description" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "journal_entries_intent_kind" UNIQUE("intent_id","kind")
);
--> statement-breakpoint
CREATE TABLE "ledger_accounts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" text NOT NULL,
	"code" text,
	"owner_uid" text,
	"balance" bigint DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ledger_accounts_code_unique" UNIQUE("code"),
	CONSTRAINT "ledger_accounts_owner_uid_unique" UNIQUE("owner_uid"),
	CONSTRAINT "ledger_accounts_wallet_not_negative" CHECK ("ledger_accounts"."kind" <> 'WALLET' OR "ledger_accounts"."balance" >= 0),
	CONSTRAINT "ledger_accounts_owner_or_code" CHECK (("ledger_accounts"."kind" = 'WALLET' AND "ledger_accounts"."owner_uid" IS NOT NULL) OR ("ledger_accounts"."kind" = 'SYSTEM' AND "ledger_accounts"."code" IS NOT NULL))
);
--> statement-breakpoint
CREATE TABLE "postings" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"entry_id" uuid NOT NULL,
	"account_id" uuid NOT NULL,
	"amount" bigint NOT NULL,
	CONSTRAINT "postings_amount_not_zero" CHECK ("postings"."amount" <> 0)
);
--> statement-breakpoint
CREATE TABLE "idempotency_keys" (
	"player_uid" text NOT NULL,
	"key" text NOT NULL,
	"request_hash" text NOT NULL,
	"status_code" integer,
	"response" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "idempotency_keys_player_uid_key_pk" PRIMARY KEY("player_uid","key")
);
--> statement-breakpoint
CREATE TABLE "jobs" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"key" text,
	"payload" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"run_at" timestamp with time zone DEFAULT now() NOT NULL,
	"locked_until" timestamp with time zone,
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "jobs_key_unique" UNIQUE("key")
);
--> statement-breakpoint
ALTER TABLE "postings" ADD CONSTRAINT "postings_entry_id_journal_entries_id_fk" FOREIGN KEY ("entry_id") REFERENCES "public"."journal_entries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "postings" ADD CONSTRAINT "postings_account_id_ledger_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."ledger_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "payment_intents_wallet_idx" ON "payment_intents" USING btree ("wallet_uid","created_at");--> statement-breakpoint
CREATE INDEX "postings_account_idx" ON "postings" USING btree ("account_id");--> statement-breakpoint
CREATE INDEX "postings_entry_idx" ON "postings" USING btree ("entry_id");--> statement-breakpoint
CREATE INDEX "jobs_run_at_idx" ON "jobs" USING btree ("run_at");
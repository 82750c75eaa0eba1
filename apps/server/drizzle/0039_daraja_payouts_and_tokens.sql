CREATE TABLE "mpesa_status_queries" (
	"conversation_id" text PRIMARY KEY NOT NULL,
	"intent_id" uuid NOT NULL,
	"asked_at" timestamp with time zone DEFAULT now() NOT NULL,
	"answer" text,
	"answered_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "daraja_tokens" (
	"api" text PRIMARY KEY NOT NULL,
	"access_token" text,
	"expires_at" timestamp with time zone,
	"renewing_until" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sandbox_safaricom_tokens" (
	"purpose" text PRIMARY KEY NOT NULL,
	"access_token" text NOT NULL,
	"issued_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "payment_intents" ADD COLUMN "payout_sent_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "mpesa_status_queries_intent_idx" ON "mpesa_status_queries" USING btree ("intent_id","asked_at");
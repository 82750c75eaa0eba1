CREATE TABLE "unmatched_mpesa_callbacks" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"checkout_request_id" text NOT NULL,
	"merchant_request_id" text NOT NULL,
	"result_code" integer NOT NULL,
	"amount_cents" bigint,
	"phone" text,
	"receipt" text,
	"body" jsonb NOT NULL,
	"status" text DEFAULT 'OPEN' NOT NULL,
	"intent_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"resolved_at" timestamp with time zone,
	CONSTRAINT "unmatched_mpesa_callbacks_checkout_request_id_unique" UNIQUE("checkout_request_id"),
	CONSTRAINT "unmatched_mpesa_callbacks_status" CHECK ("unmatched_mpesa_callbacks"."status" IN ('OPEN', 'MATCHED', 'OPERATOR'))
);
--> statement-breakpoint
CREATE INDEX "unmatched_mpesa_callbacks_status_idx" ON "unmatched_mpesa_callbacks" USING btree ("status","created_at");
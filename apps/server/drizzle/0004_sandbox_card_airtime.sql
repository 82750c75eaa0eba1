CREATE TABLE "sandbox_airtime_charges" (
	"id" text PRIMARY KEY NOT NULL,
	"reference" text NOT NULL,
	"msisdn" text NOT NULL,
	"amount" integer NOT NULL,
	"description" text NOT NULL,
	"callback_url" text NOT NULL,
	"result_code" integer NOT NULL,
	"result_desc" text NOT NULL,
	"deliveries" integer NOT NULL,
	"completes_at" timestamp with time zone NOT NULL,
	"callback_sent_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sandbox_airtime_charges_reference_unique" UNIQUE("reference")
);
--> statement-breakpoint
CREATE TABLE "sandbox_paystack_transactions" (
	"id" text PRIMARY KEY NOT NULL,
	"reference" text NOT NULL,
	"access_code" text NOT NULL,
	"email" text NOT NULL,
	"amount" bigint NOT NULL,
	"currency" text NOT NULL,
	"callback_url" text,
	"metadata" jsonb,
	"status" text NOT NULL,
	"gateway_response" text NOT NULL,
	"card_last4" text,
	"paid_at" timestamp with time zone,
	"completed_at" timestamp with time zone,
	"webhook_at" timestamp with time zone,
	"webhook_sent_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sandbox_paystack_transactions_reference_unique" UNIQUE("reference"),
	CONSTRAINT "sandbox_paystack_transactions_access_code_unique" UNIQUE("access_code")
);
--> statement-breakpoint
CREATE INDEX "sandbox_airtime_charges_created_at_idx" ON "sandbox_airtime_charges" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "sandbox_paystack_transactions_created_at_idx" ON "sandbox_paystack_transactions" USING btree ("created_at");
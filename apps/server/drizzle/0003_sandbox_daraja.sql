CREATE TABLE "sandbox_daraja_transactions" (
	"id" text PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"request_id" text NOT NULL,
	"phone" text NOT NULL,
	"amount" integer NOT NULL,
	"reference" text NOT NULL,
	"callback_url" text NOT NULL,
	"queue_timeout_url" text,
	"result_code" integer NOT NULL,
	"result_desc" text NOT NULL,
	"receipt" text,
	"deliveries" integer NOT NULL,
	"completes_at" timestamp with time zone NOT NULL,
	"callback_sent_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sandbox_daraja_transactions_request_id_unique" UNIQUE("request_id")
);
--> statement-breakpoint
CREATE INDEX "sandbox_daraja_transactions_created_at_idx" ON "sandbox_daraja_transactions" USING btree ("created_at");
CREATE TABLE "payment_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"intent_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"provider" text NOT NULL,
	"operation" text NOT NULL,
	"body" text NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payment_events_kind" CHECK ("payment_events"."kind" IN ('request-sent', 'answer', 'callback', 'job'))
);
--> statement-breakpoint
CREATE TABLE "provider_statements" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"provider" text NOT NULL,
	"day" text NOT NULL,
	"csv" text NOT NULL,
	"uploaded_by" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "payment_intents" ADD COLUMN "refund_of" uuid;--> statement-breakpoint
CREATE INDEX "payment_events_intent_idx" ON "payment_events" USING btree ("intent_id","at");--> statement-breakpoint
CREATE INDEX "provider_statements_day_idx" ON "provider_statements" USING btree ("provider","day","created_at");--> statement-breakpoint
CREATE INDEX "payment_intents_refund_of_idx" ON "payment_intents" USING btree ("refund_of");--> statement-breakpoint
CREATE INDEX "payment_intents_created_idx" ON "payment_intents" USING btree ("created_at");
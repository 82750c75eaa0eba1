CREATE TABLE "sandbox_paystack_refunds" (
	"id" text PRIMARY KEY NOT NULL,
	"transaction_id" text NOT NULL,
	"transaction_reference" text NOT NULL,
	"amount" bigint NOT NULL,
	"currency" text NOT NULL,
	"merchant_note" text,
	"customer_note" text,
	"status" text NOT NULL,
	"webhook_at" timestamp with time zone NOT NULL,
	"webhook_sent_at" timestamp with time zone,
	"refunded_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "event_banners" ADD COLUMN "tournament_id" integer;--> statement-breakpoint
ALTER TABLE "payment_intents" ADD COLUMN "card_refund_id" text;--> statement-breakpoint
CREATE INDEX "sandbox_paystack_refunds_transaction_idx" ON "sandbox_paystack_refunds" USING btree ("transaction_id");--> statement-breakpoint
ALTER TABLE "event_banners" ADD CONSTRAINT "event_banners_tournament_id_tournaments_id_fk" FOREIGN KEY ("tournament_id") REFERENCES "public"."tournaments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_intents" ADD CONSTRAINT "payment_intents_card_refund_id_unique" UNIQUE("card_refund_id");
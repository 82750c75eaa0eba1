ALTER TABLE "payment_intents" ADD COLUMN "charge_id" text;--> statement-breakpoint
ALTER TABLE "payment_intents" ADD COLUMN "session_url" text;--> statement-breakpoint
ALTER TABLE "payment_intents" ADD COLUMN "package_id" integer;--> statement-breakpoint
CREATE INDEX "payment_intents_player_idx" ON "payment_intents" USING btree ("player_uid","created_at");--> statement-breakpoint
ALTER TABLE "payment_intents" ADD CONSTRAINT "payment_intents_charge_id_unique" UNIQUE("charge_id");
-- A chat message named by its sender's Idempotency-Key, so a resend stores nothing new (ADR 0050).
-- A nullable column and an index: instances still on the old code keep sending without a key.
ALTER TABLE "chat_messages" ADD COLUMN "idempotency_key" text;--> statement-breakpoint
CREATE UNIQUE INDEX "chat_messages_sender_key_idx" ON "chat_messages" USING btree ("uid","idempotency_key");
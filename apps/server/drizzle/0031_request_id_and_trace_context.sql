-- One request followed across instances (ADR 0051): a job keeps the X-Request-Id and the trace of
-- the request that enqueued it, a payment the trace of the request that started it, for its callback.
-- Nullable columns: instances still on the old code keep writing rows without them.
ALTER TABLE "payment_intents" ADD COLUMN "trace_context" text;--> statement-breakpoint
ALTER TABLE "jobs" ADD COLUMN "request_id" text;--> statement-breakpoint
ALTER TABLE "jobs" ADD COLUMN "trace_context" text;
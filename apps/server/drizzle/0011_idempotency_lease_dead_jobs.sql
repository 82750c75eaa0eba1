ALTER TABLE "idempotency_keys" ADD COLUMN "owner" text;--> statement-breakpoint
ALTER TABLE "idempotency_keys" ADD COLUMN "locked_until" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "jobs" ADD COLUMN "failures" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "jobs" ADD COLUMN "dead_at" timestamp with time zone;
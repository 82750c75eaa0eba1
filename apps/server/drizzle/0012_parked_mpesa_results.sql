ALTER TABLE "unmatched_mpesa_callbacks" ALTER COLUMN "checkout_request_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "unmatched_mpesa_callbacks" ALTER COLUMN "merchant_request_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "unmatched_mpesa_callbacks" ADD COLUMN "kind" text DEFAULT 'stk' NOT NULL;--> statement-breakpoint
ALTER TABLE "unmatched_mpesa_callbacks" ADD COLUMN "originator_conversation_id" text;--> statement-breakpoint
ALTER TABLE "unmatched_mpesa_callbacks" ADD COLUMN "conversation_id" text;--> statement-breakpoint
ALTER TABLE "unmatched_mpesa_callbacks" ADD COLUMN "reason" text;--> statement-breakpoint
ALTER TABLE "unmatched_mpesa_callbacks" ADD CONSTRAINT "unmatched_mpesa_callbacks_kind" CHECK ("unmatched_mpesa_callbacks"."kind" IN ('stk', 'b2c/result', 'status/result'));--> statement-breakpoint
ALTER TABLE "unmatched_mpesa_callbacks" ADD CONSTRAINT "unmatched_mpesa_callbacks_stk_ids" CHECK ("unmatched_mpesa_callbacks"."kind" <> 'stk' OR ("unmatched_mpesa_callbacks"."checkout_request_id" IS NOT NULL AND "unmatched_mpesa_callbacks"."merchant_request_id" IS NOT NULL));
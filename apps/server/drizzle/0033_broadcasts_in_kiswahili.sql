ALTER TABLE "broadcasts" ADD COLUMN "title_sw" text;--> statement-breakpoint
ALTER TABLE "broadcasts" ADD COLUMN "body_sw" text;--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "title_sw" text;--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "body_sw" text;
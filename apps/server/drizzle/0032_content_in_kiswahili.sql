ALTER TABLE "tv_items" ADD COLUMN "title_sw" text;--> statement-breakpoint
ALTER TABLE "tournaments" ADD COLUMN "name_sw" text;--> statement-breakpoint
ALTER TABLE "tournaments" ADD COLUMN "description_sw" text;
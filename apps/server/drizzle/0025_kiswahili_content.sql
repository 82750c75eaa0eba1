ALTER TABLE "event_banners" ADD COLUMN "title_sw" text;--> statement-breakpoint
ALTER TABLE "event_banners" ADD COLUMN "description_sw" text;--> statement-breakpoint
ALTER TABLE "subscription_packages" ADD COLUMN "description_sw" text;
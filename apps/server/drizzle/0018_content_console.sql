ALTER TABLE "games" ALTER COLUMN "slug" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "chat_rooms" ADD COLUMN "archived_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "event_banners" ADD COLUMN "sort_order" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "event_banners" ADD COLUMN "active_from" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "event_banners" ADD COLUMN "active_to" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "tv_items" ADD COLUMN "title" text;--> statement-breakpoint
ALTER TABLE "games" ADD COLUMN "enabled" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "games" ADD COLUMN "sort_order" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "games" ADD COLUMN "source" text DEFAULT 'bundled' NOT NULL;--> statement-breakpoint
ALTER TABLE "games" ADD COLUMN "operator_edited_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "tournaments" ADD COLUMN "cancelled_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "games" ADD CONSTRAINT "games_source_known" CHECK ("games"."source" in ('bundled', 'url'));--> statement-breakpoint
ALTER TABLE "games" ADD CONSTRAINT "games_url_not_replayed" CHECK ("games"."source" = 'bundled' or "games"."scoring" = 'plausible');--> statement-breakpoint
ALTER TABLE "games" ADD CONSTRAINT "games_bundled_has_slug" CHECK ("games"."source" = 'url' or "games"."slug" is not null);--> statement-breakpoint
ALTER TABLE "tournaments" ADD CONSTRAINT "tournaments_cancelled_unranked" CHECK ("tournaments"."cancelled_at" is null or "tournaments"."ranked_at" is null);
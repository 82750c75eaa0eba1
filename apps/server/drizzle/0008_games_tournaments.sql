CREATE TABLE "event_banners" (
	"id" serial PRIMARY KEY NOT NULL,
	"seed_key" text,
	"title" text NOT NULL,
	"description" text NOT NULL,
	"event_banner_url" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "event_banners_seed_key_unique" UNIQUE("seed_key")
);
--> statement-breakpoint
CREATE TABLE "games" (
	"id" serial PRIMARY KEY NOT NULL,
	"slug" text NOT NULL,
	"name" text NOT NULL,
	"package_id" text NOT NULL,
	"description" text NOT NULL,
	"trailer_link" text,
	"game_url" text NOT NULL,
	"game_icon" text NOT NULL,
	"featured" boolean DEFAULT false NOT NULL,
	"access" text DEFAULT 'FREE' NOT NULL,
	"max_points" integer NOT NULL,
	"max_points_per_second" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "games_slug_unique" UNIQUE("slug"),
	CONSTRAINT "games_package_id_unique" UNIQUE("package_id"),
	CONSTRAINT "games_access_known" CHECK ("games"."access" in ('FREE', 'SUBSCRIPTION')),
	CONSTRAINT "games_limits_positive" CHECK ("games"."max_points" > 0 and "games"."max_points_per_second" > 0)
);
--> statement-breakpoint
CREATE TABLE "play_sessions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"uid" text NOT NULL,
	"game_id" integer NOT NULL,
	"tournament_id" integer,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"reported_at" timestamp with time zone,
	"points_hundredths" integer,
	CONSTRAINT "play_sessions_period" CHECK ("play_sessions"."expires_at" > "play_sessions"."started_at"),
	CONSTRAINT "play_sessions_points_reported" CHECK (("play_sessions"."reported_at" is null) = ("play_sessions"."points_hundredths" is null))
);
--> statement-breakpoint
CREATE TABLE "hall_of_fame" (
	"id" serial PRIMARY KEY NOT NULL,
	"tournament_id" integer,
	"title" text NOT NULL,
	"description" text NOT NULL,
	"members" text[] NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "hall_of_fame_tournament_id_unique" UNIQUE("tournament_id")
);
--> statement-breakpoint
CREATE TABLE "tournament_awards" (
	"id" serial PRIMARY KEY NOT NULL,
	"tournament_id" integer NOT NULL,
	"position" integer NOT NULL,
	"name" text NOT NULL,
	"subscription_package_id" integer NOT NULL,
	"winner_uid" text,
	"grant_id" uuid,
	"granted_at" timestamp with time zone,
	CONSTRAINT "tournament_awards_grant_id_unique" UNIQUE("grant_id"),
	CONSTRAINT "tournament_awards_position_unique" UNIQUE("tournament_id","position"),
	CONSTRAINT "tournament_awards_position_podium" CHECK ("tournament_awards"."position" between 1 and 3)
);
--> statement-breakpoint
CREATE TABLE "tournament_scores" (
	"tournament_id" integer NOT NULL,
	"uid" text NOT NULL,
	"points_hundredths" integer NOT NULL,
	"achieved_at" timestamp with time zone DEFAULT now() NOT NULL,
	"session_id" uuid,
	CONSTRAINT "tournament_scores_tournament_id_uid_pk" PRIMARY KEY("tournament_id","uid"),
	CONSTRAINT "tournament_scores_points_non_negative" CHECK ("tournament_scores"."points_hundredths" >= 0)
);
--> statement-breakpoint
CREATE TABLE "tournaments" (
	"id" serial PRIMARY KEY NOT NULL,
	"seed_key" text,
	"name" text NOT NULL,
	"description" text NOT NULL,
	"starts" timestamp with time zone NOT NULL,
	"ends" timestamp with time zone NOT NULL,
	"game_id" integer NOT NULL,
	"ranked_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "tournaments_seed_key_unique" UNIQUE("seed_key"),
	CONSTRAINT "tournaments_period" CHECK ("tournaments"."ends" > "tournaments"."starts")
);
--> statement-breakpoint
ALTER TABLE "play_sessions" ADD CONSTRAINT "play_sessions_uid_auth_user_id_fk" FOREIGN KEY ("uid") REFERENCES "public"."auth_user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "play_sessions" ADD CONSTRAINT "play_sessions_game_id_games_id_fk" FOREIGN KEY ("game_id") REFERENCES "public"."games"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "hall_of_fame" ADD CONSTRAINT "hall_of_fame_tournament_id_tournaments_id_fk" FOREIGN KEY ("tournament_id") REFERENCES "public"."tournaments"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tournament_awards" ADD CONSTRAINT "tournament_awards_tournament_id_tournaments_id_fk" FOREIGN KEY ("tournament_id") REFERENCES "public"."tournaments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tournament_awards" ADD CONSTRAINT "tournament_awards_subscription_package_id_subscription_packages_id_fk" FOREIGN KEY ("subscription_package_id") REFERENCES "public"."subscription_packages"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tournament_awards" ADD CONSTRAINT "tournament_awards_winner_uid_auth_user_id_fk" FOREIGN KEY ("winner_uid") REFERENCES "public"."auth_user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tournament_scores" ADD CONSTRAINT "tournament_scores_tournament_id_tournaments_id_fk" FOREIGN KEY ("tournament_id") REFERENCES "public"."tournaments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tournament_scores" ADD CONSTRAINT "tournament_scores_uid_auth_user_id_fk" FOREIGN KEY ("uid") REFERENCES "public"."auth_user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tournaments" ADD CONSTRAINT "tournaments_game_id_games_id_fk" FOREIGN KEY ("game_id") REFERENCES "public"."games"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "play_sessions_uid_started_idx" ON "play_sessions" USING btree ("uid","started_at");--> statement-breakpoint
CREATE INDEX "tournament_scores_rank_idx" ON "tournament_scores" USING btree ("tournament_id","points_hundredths" DESC NULLS LAST,"achieved_at","uid");--> statement-breakpoint
CREATE INDEX "tournaments_unranked_ends_idx" ON "tournaments" USING btree ("ends") WHERE "tournaments"."ranked_at" is null;
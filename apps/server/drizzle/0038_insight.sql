CREATE TABLE "insight_daily" (
	"day" date PRIMARY KEY NOT NULL,
	"dau" integer NOT NULL,
	"wau" integer NOT NULL,
	"mau" integer NOT NULL,
	"new_players" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "insight_game_days" (
	"day" date NOT NULL,
	"game_id" integer NOT NULL,
	"uid" text NOT NULL,
	"plays" integer NOT NULL,
	"finished" integer NOT NULL,
	"timed" integer NOT NULL,
	"seconds" bigint NOT NULL,
	"prev_day" date,
	CONSTRAINT "insight_game_days_day_game_id_uid_pk" PRIMARY KEY("day","game_id","uid")
);
--> statement-breakpoint
CREATE TABLE "insight_payment_days" (
	"day" date NOT NULL,
	"type" text NOT NULL,
	"method" text NOT NULL,
	"package_id" integer NOT NULL,
	"outcome" text NOT NULL,
	"payments" integer NOT NULL,
	"cents" bigint NOT NULL,
	CONSTRAINT "insight_payment_days_day_type_method_package_id_outcome_pk" PRIMARY KEY("day","type","method","package_id","outcome")
);
--> statement-breakpoint
CREATE TABLE "insight_player_days" (
	"day" date NOT NULL,
	"uid" text NOT NULL,
	"plays" integer NOT NULL,
	"payments" integer NOT NULL,
	"top_ups" integer NOT NULL,
	"subscriptions" integer NOT NULL,
	"messages" integer NOT NULL,
	"paid_cents" bigint NOT NULL,
	"prev_day" date,
	"prev_paid_day" date,
	CONSTRAINT "insight_player_days_day_uid_pk" PRIMARY KEY("day","uid")
);
--> statement-breakpoint
CREATE TABLE "insight_player_games" (
	"uid" text NOT NULL,
	"game_id" integer NOT NULL,
	"first_day" date NOT NULL,
	"back_day1" boolean DEFAULT false NOT NULL,
	"back_day7" boolean DEFAULT false NOT NULL,
	"back_day30" boolean DEFAULT false NOT NULL,
	CONSTRAINT "insight_player_games_uid_game_id_pk" PRIMARY KEY("uid","game_id")
);
--> statement-breakpoint
CREATE TABLE "insight_players" (
	"uid" text PRIMARY KEY NOT NULL,
	"signup_day" date NOT NULL,
	"profile_complete" boolean DEFAULT false NOT NULL,
	"first_play_day" date,
	"first_top_up_day" date,
	"first_subscription_day" date,
	"first_paid_day" date,
	"back_day1" boolean DEFAULT false NOT NULL,
	"back_day7" boolean DEFAULT false NOT NULL,
	"back_day30" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE TABLE "insight_state" (
	"id" text PRIMARY KEY NOT NULL,
	"folded_to" timestamp with time zone NOT NULL,
	"deep_day" date NOT NULL,
	"took_ms" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "insight_tournaments" (
	"tournament_id" integer PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"game_id" integer NOT NULL,
	"starts" timestamp with time zone NOT NULL,
	"ends" timestamp with time zone NOT NULL,
	"state" text NOT NULL,
	"entries" integer NOT NULL,
	"plays" integer NOT NULL,
	"finished" integer NOT NULL
);
--> statement-breakpoint
ALTER TABLE "insight_game_days" ADD CONSTRAINT "insight_game_days_uid_insight_players_uid_fk" FOREIGN KEY ("uid") REFERENCES "public"."insight_players"("uid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "insight_player_days" ADD CONSTRAINT "insight_player_days_uid_insight_players_uid_fk" FOREIGN KEY ("uid") REFERENCES "public"."insight_players"("uid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "insight_player_games" ADD CONSTRAINT "insight_player_games_uid_insight_players_uid_fk" FOREIGN KEY ("uid") REFERENCES "public"."insight_players"("uid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "insight_players" ADD CONSTRAINT "insight_players_uid_auth_user_id_fk" FOREIGN KEY ("uid") REFERENCES "public"."auth_user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "insight_game_days_uid_idx" ON "insight_game_days" USING btree ("uid","game_id","day");--> statement-breakpoint
CREATE INDEX "insight_player_days_uid_idx" ON "insight_player_days" USING btree ("uid","day");--> statement-breakpoint
CREATE INDEX "insight_player_games_first_idx" ON "insight_player_games" USING btree ("first_day","game_id");--> statement-breakpoint
CREATE INDEX "insight_players_signup_idx" ON "insight_players" USING btree ("signup_day");--> statement-breakpoint
CREATE INDEX "insight_players_first_paid_idx" ON "insight_players" USING btree ("first_paid_day");--> statement-breakpoint
CREATE INDEX "insight_tournaments_period_idx" ON "insight_tournaments" USING btree ("ends","starts");--> statement-breakpoint
CREATE INDEX "auth_user_created_idx" ON "auth_user" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "chat_messages_created_idx" ON "chat_messages" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "play_sessions_started_idx" ON "play_sessions" USING btree ("started_at");--> statement-breakpoint
CREATE INDEX "profiles_updated_idx" ON "profiles" USING btree ("updated_at");
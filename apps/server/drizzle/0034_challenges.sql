CREATE TABLE "challenge_answers" (
	"id" serial PRIMARY KEY NOT NULL,
	"challenge_id" integer NOT NULL,
	"uid" text NOT NULL,
	"session_id" uuid NOT NULL,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"points_hundredths" integer,
	"answered_at" timestamp with time zone,
	CONSTRAINT "challenge_answers_one_per_friend" UNIQUE("challenge_id","uid"),
	CONSTRAINT "challenge_answers_points_answered" CHECK (("challenge_answers"."answered_at" is null) = ("challenge_answers"."points_hundredths" is null))
);
--> statement-breakpoint
CREATE TABLE "challenges" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"challenger_uid" text NOT NULL,
	"run_session_id" uuid NOT NULL,
	"game_id" integer NOT NULL,
	"seed" bigint NOT NULL,
	"challenger_points_hundredths" integer NOT NULL,
	"recipient_uid" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	CONSTRAINT "challenges_code_unique" UNIQUE("code"),
	CONSTRAINT "challenges_period" CHECK ("challenges"."expires_at" > "challenges"."created_at"),
	CONSTRAINT "challenges_not_to_self" CHECK ("challenges"."recipient_uid" is null or "challenges"."recipient_uid" <> "challenges"."challenger_uid")
);
--> statement-breakpoint
ALTER TABLE "play_sessions" ADD COLUMN "seed" bigint;--> statement-breakpoint
ALTER TABLE "challenge_answers" ADD CONSTRAINT "challenge_answers_challenge_id_challenges_id_fk" FOREIGN KEY ("challenge_id") REFERENCES "public"."challenges"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "challenge_answers" ADD CONSTRAINT "challenge_answers_uid_auth_user_id_fk" FOREIGN KEY ("uid") REFERENCES "public"."auth_user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "challenge_answers" ADD CONSTRAINT "challenge_answers_session_id_play_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."play_sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "challenges" ADD CONSTRAINT "challenges_challenger_uid_auth_user_id_fk" FOREIGN KEY ("challenger_uid") REFERENCES "public"."auth_user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "challenges" ADD CONSTRAINT "challenges_run_session_id_play_sessions_id_fk" FOREIGN KEY ("run_session_id") REFERENCES "public"."play_sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "challenges" ADD CONSTRAINT "challenges_game_id_games_id_fk" FOREIGN KEY ("game_id") REFERENCES "public"."games"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "challenges" ADD CONSTRAINT "challenges_recipient_uid_auth_user_id_fk" FOREIGN KEY ("recipient_uid") REFERENCES "public"."auth_user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "challenge_answers_uid_started_idx" ON "challenge_answers" USING btree ("uid","started_at");--> statement-breakpoint
CREATE INDEX "challenges_challenger_created_idx" ON "challenges" USING btree ("challenger_uid","created_at");--> statement-breakpoint
CREATE INDEX "challenges_recipient_created_idx" ON "challenges" USING btree ("recipient_uid","created_at");--> statement-breakpoint
ALTER TABLE "play_sessions" ADD CONSTRAINT "play_sessions_seed_range" CHECK ("play_sessions"."seed" is null or "play_sessions"."seed" between 0 and 4294967295);
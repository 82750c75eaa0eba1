CREATE TABLE "chat_mutes" (
	"room_id" integer NOT NULL,
	"uid" text NOT NULL,
	"until" timestamp with time zone NOT NULL,
	"reason" text NOT NULL,
	"by_email" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "chat_mutes_room_id_uid_pk" PRIMARY KEY("room_id","uid")
);
--> statement-breakpoint
CREATE TABLE "feedback_answers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"feedback_id" uuid NOT NULL,
	"operator_uid" text,
	"operator_email" text NOT NULL,
	"body" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"mailed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "broadcasts" (
	"id" serial PRIMARY KEY NOT NULL,
	"audience" text NOT NULL,
	"target_id" integer,
	"target_name" text,
	"title" text NOT NULL,
	"body" text NOT NULL,
	"url" text,
	"recipients_counted" integer NOT NULL,
	"recipients_written" integer,
	"by_uid" text,
	"by_email" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone,
	CONSTRAINT "broadcasts_audience_known" CHECK ("broadcasts"."audience" in ('all', 'tournament', 'game')),
	CONSTRAINT "broadcasts_target" CHECK (("broadcasts"."audience" = 'all') = ("broadcasts"."target_id" is null))
);
--> statement-breakpoint
ALTER TABLE "chat_messages" ADD COLUMN "hidden_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "chat_messages" ADD COLUMN "hidden_reason" text;--> statement-breakpoint
ALTER TABLE "feedback" ADD COLUMN "status" text DEFAULT 'new' NOT NULL;--> statement-breakpoint
ALTER TABLE "chat_mutes" ADD CONSTRAINT "chat_mutes_room_id_chat_rooms_id_fk" FOREIGN KEY ("room_id") REFERENCES "public"."chat_rooms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_mutes" ADD CONSTRAINT "chat_mutes_uid_auth_user_id_fk" FOREIGN KEY ("uid") REFERENCES "public"."auth_user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "feedback_answers" ADD CONSTRAINT "feedback_answers_feedback_id_feedback_id_fk" FOREIGN KEY ("feedback_id") REFERENCES "public"."feedback"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "feedback_answers" ADD CONSTRAINT "feedback_answers_operator_uid_auth_user_id_fk" FOREIGN KEY ("operator_uid") REFERENCES "public"."auth_user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "feedback_answers_feedback_idx" ON "feedback_answers" USING btree ("feedback_id","created_at");--> statement-breakpoint
CREATE INDEX "broadcasts_created_idx" ON "broadcasts" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "feedback_status_created_idx" ON "feedback" USING btree ("status","created_at");--> statement-breakpoint
ALTER TABLE "feedback" ADD CONSTRAINT "feedback_status_known" CHECK ("feedback"."status" in ('new', 'answered', 'closed'));
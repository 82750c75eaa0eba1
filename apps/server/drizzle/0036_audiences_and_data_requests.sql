CREATE TABLE "saved_audiences" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"kind" text NOT NULL,
	"days" integer,
	"target_id" integer,
	"by_uid" text,
	"by_email" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "saved_audiences_kind_known" CHECK ("saved_audiences"."kind" in ('lapsed', 'subscription-ends-today', 'never-paid', 'game', 'tournament')),
	CONSTRAINT "saved_audiences_days" CHECK (("saved_audiences"."kind" = 'lapsed') = ("saved_audiences"."days" is not null)),
	CONSTRAINT "saved_audiences_target" CHECK (("saved_audiences"."kind" in ('game', 'tournament')) = ("saved_audiences"."target_id" is not null))
);
--> statement-breakpoint
CREATE TABLE "data_requests" (
	"id" serial PRIMARY KEY NOT NULL,
	"uid" text NOT NULL,
	"kind" text NOT NULL,
	"received_on" date NOT NULL,
	"channel" text NOT NULL,
	"note" text,
	"status" text DEFAULT 'open' NOT NULL,
	"answer" text,
	"answered_at" timestamp with time zone,
	"answered_by_email" text,
	"by_uid" text,
	"by_email" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "data_requests_kind_known" CHECK ("data_requests"."kind" in ('access', 'erasure')),
	CONSTRAINT "data_requests_status_known" CHECK ("data_requests"."status" in ('open', 'answered')),
	CONSTRAINT "data_requests_answered" CHECK (("data_requests"."status" = 'answered') = ("data_requests"."answered_at" is not null))
);
--> statement-breakpoint
ALTER TABLE "broadcasts" DROP CONSTRAINT "broadcasts_audience_known";--> statement-breakpoint
ALTER TABLE "broadcasts" ADD COLUMN "definition" jsonb;--> statement-breakpoint
CREATE UNIQUE INDEX "saved_audiences_name_idx" ON "saved_audiences" USING btree (lower("name"));--> statement-breakpoint
CREATE INDEX "data_requests_status_received_idx" ON "data_requests" USING btree ("status","received_on");--> statement-breakpoint
CREATE INDEX "data_requests_uid_idx" ON "data_requests" USING btree ("uid");--> statement-breakpoint
CREATE INDEX "user_subscriptions_expires_idx" ON "user_subscriptions" USING btree ("expires_at");--> statement-breakpoint
ALTER TABLE "broadcasts" ADD CONSTRAINT "broadcasts_definition" CHECK (("broadcasts"."audience" = 'saved') = ("broadcasts"."definition" is not null));--> statement-breakpoint
ALTER TABLE "broadcasts" ADD CONSTRAINT "broadcasts_audience_known" CHECK ("broadcasts"."audience" in ('all', 'tournament', 'game', 'saved'));
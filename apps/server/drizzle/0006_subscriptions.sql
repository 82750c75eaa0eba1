CREATE TABLE "subscription_packages" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"description" text NOT NULL,
	"amount_cents" bigint NOT NULL,
	"currency" text DEFAULT 'KES' NOT NULL,
	"duration_hours" integer DEFAULT 24 NOT NULL,
	"popular" boolean DEFAULT false NOT NULL,
	"old_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "subscription_packages_name_unique" UNIQUE("name"),
	CONSTRAINT "subscription_packages_amount_positive" CHECK ("subscription_packages"."amount_cents" > 0),
	CONSTRAINT "subscription_packages_duration_positive" CHECK ("subscription_packages"."duration_hours" > 0)
);
--> statement-breakpoint
CREATE TABLE "user_subscriptions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"uid" text NOT NULL,
	"package_id" integer NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"intent_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "user_subscriptions_intent_id_unique" UNIQUE("intent_id"),
	CONSTRAINT "user_subscriptions_period" CHECK ("user_subscriptions"."expires_at" > "user_subscriptions"."starts_at")
);
--> statement-breakpoint
ALTER TABLE "user_subscriptions" ADD CONSTRAINT "user_subscriptions_uid_auth_user_id_fk" FOREIGN KEY ("uid") REFERENCES "public"."auth_user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_subscriptions" ADD CONSTRAINT "user_subscriptions_package_id_subscription_packages_id_fk" FOREIGN KEY ("package_id") REFERENCES "public"."subscription_packages"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "user_subscriptions_uid_expires_idx" ON "user_subscriptions" USING btree ("uid","expires_at");
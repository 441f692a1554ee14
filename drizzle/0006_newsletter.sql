CREATE TABLE "newsletter_mails" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"subscriber_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"issue" text NOT NULL,
	"post_id" uuid,
	"lang" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"delivered_at" timestamp with time zone,
	"failed_at" timestamp with time zone,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone,
	"deferred_since" timestamp with time zone,
	"last_error" text,
	CONSTRAINT "newsletter_mails_kind_check" CHECK ("newsletter_mails"."kind" in ('confirm', 'post', 'digest'))
);
--> statement-breakpoint
CREATE TABLE "newsletter_posts" (
	"post_id" uuid PRIMARY KEY NOT NULL,
	"announced_at" timestamp with time zone DEFAULT now() NOT NULL,
	"issue" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "newsletter_settings" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"digest_weekday" integer DEFAULT 1 NOT NULL,
	"digest_hour" integer DEFAULT 9 NOT NULL,
	"last_digest_slot" timestamp with time zone,
	CONSTRAINT "newsletter_settings_one_row" CHECK ("newsletter_settings"."id" = 1),
	CONSTRAINT "newsletter_settings_weekday_check" CHECK ("newsletter_settings"."digest_weekday" between 0 and 6),
	CONSTRAINT "newsletter_settings_hour_check" CHECK ("newsletter_settings"."digest_hour" between 0 and 23)
);
--> statement-breakpoint
CREATE TABLE "newsletter_subscribers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"email" text NOT NULL,
	"langs" text[] NOT NULL,
	"frequency" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"source" text NOT NULL,
	"confirm_sent_at" timestamp with time zone NOT NULL,
	"confirmed_at" timestamp with time zone,
	"unsubscribed_at" timestamp with time zone,
	"suppressed_at" timestamp with time zone,
	"suppressed_reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "newsletter_subscribers_email_unique" UNIQUE("email"),
	CONSTRAINT "newsletter_subscribers_frequency_check" CHECK ("newsletter_subscribers"."frequency" in ('post', 'weekly')),
	CONSTRAINT "newsletter_subscribers_status_check" CHECK ("newsletter_subscribers"."status" in ('pending', 'confirmed', 'unsubscribed', 'suppressed')),
	CONSTRAINT "newsletter_subscribers_langs_check" CHECK (cardinality("newsletter_subscribers"."langs") between 1 and 2 and "newsletter_subscribers"."langs" <@ array['pt', 'en']::text[])
);
--> statement-breakpoint
ALTER TABLE "newsletter_mails" ADD CONSTRAINT "newsletter_mails_subscriber_id_newsletter_subscribers_id_fk" FOREIGN KEY ("subscriber_id") REFERENCES "public"."newsletter_subscribers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "newsletter_mails" ADD CONSTRAINT "newsletter_mails_post_id_blogs_id_fk" FOREIGN KEY ("post_id") REFERENCES "public"."blogs"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "newsletter_posts" ADD CONSTRAINT "newsletter_posts_post_id_blogs_id_fk" FOREIGN KEY ("post_id") REFERENCES "public"."blogs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "newsletter_mails_subscriber_issue_unique" ON "newsletter_mails" USING btree ("subscriber_id","issue");--> statement-breakpoint
CREATE INDEX "newsletter_mails_next_attempt_idx" ON "newsletter_mails" USING btree ("next_attempt_at");--> statement-breakpoint
CREATE INDEX "newsletter_mails_post_idx" ON "newsletter_mails" USING btree ("post_id");--> statement-breakpoint
CREATE INDEX "newsletter_subscribers_status_idx" ON "newsletter_subscribers" USING btree ("status","frequency");--> statement-breakpoint
INSERT INTO "newsletter_settings" ("id") VALUES (1);--> statement-breakpoint
-- Posts readers can already see were published before anyone could subscribe: they are never mailed.
INSERT INTO "newsletter_posts" ("post_id", "announced_at", "issue")
  SELECT "id", now(), 'post:' || coalesce("translation_group", "id")::text FROM "blogs"
  WHERE "published" AND coalesce("published_at", "created_at") <= now();

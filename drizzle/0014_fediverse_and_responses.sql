CREATE TABLE "fediverse_activities" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"lang" text NOT NULL,
	"type" text NOT NULL,
	"post_id" uuid,
	"body" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "fediverse_blocks" (
	"kind" text NOT NULL,
	"value" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "fediverse_blocks_kind_value_pk" PRIMARY KEY("kind","value"),
	CONSTRAINT "fediverse_blocks_kind_check" CHECK ("fediverse_blocks"."kind" in ('account', 'instance'))
);
--> statement-breakpoint
CREATE TABLE "fediverse_deliveries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"activity_id" uuid NOT NULL,
	"inbox" text NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone,
	"first_failed_at" timestamp with time zone,
	"delivered_at" timestamp with time zone,
	"failed_at" timestamp with time zone,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "fediverse_followers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"lang" text NOT NULL,
	"actor_url" text NOT NULL,
	"handle" text NOT NULL,
	"instance" text NOT NULL,
	"name" text,
	"inbox" text NOT NULL,
	"shared_inbox" text,
	"follow_id" text,
	"failing_since" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "fediverse_followers_lang_check" CHECK ("fediverse_followers"."lang" in ('pt', 'en'))
);
--> statement-breakpoint
CREATE TABLE "fediverse_keys" (
	"lang" text NOT NULL,
	"algorithm" text NOT NULL,
	"private_jwk" text NOT NULL,
	"public_jwk" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "fediverse_keys_lang_algorithm_pk" PRIMARY KEY("lang","algorithm")
);
--> statement-breakpoint
CREATE TABLE "fediverse_kv" (
	"key" text PRIMARY KEY NOT NULL,
	"value" text NOT NULL,
	"expires_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "fediverse_posts" (
	"post_id" uuid PRIMARY KEY NOT NULL,
	"lang" text NOT NULL,
	"object_url" text NOT NULL,
	"state" text NOT NULL,
	"version" timestamp with time zone NOT NULL,
	"changed_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "fediverse_posts_state_check" CHECK ("fediverse_posts"."state" in ('published', 'deleted'))
);
--> statement-breakpoint
CREATE TABLE "responses" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" text NOT NULL,
	"post_id" uuid NOT NULL,
	"source_url" text NOT NULL,
	"source_page" text,
	"target_url" text,
	"title" text,
	"author_name" text,
	"author_handle" text,
	"author_url" text,
	"author_avatar" text,
	"author_actor" text,
	"instance" text,
	"content_html" text,
	"status" text DEFAULT 'pending' NOT NULL,
	"local" boolean DEFAULT false NOT NULL,
	"answer_to" uuid,
	"published_at" timestamp with time zone,
	"verified_at" timestamp with time zone,
	"notified_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "responses_kind_check" CHECK ("responses"."kind" in ('reply', 'like', 'announce', 'webmention')),
	CONSTRAINT "responses_status_check" CHECK ("responses"."status" in ('pending', 'approved', 'rejected'))
);
--> statement-breakpoint
ALTER TABLE "fediverse_deliveries" ADD CONSTRAINT "fediverse_deliveries_activity_id_fediverse_activities_id_fk" FOREIGN KEY ("activity_id") REFERENCES "public"."fediverse_activities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "responses" ADD CONSTRAINT "responses_post_id_blogs_id_fk" FOREIGN KEY ("post_id") REFERENCES "public"."blogs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "fediverse_activities_post_idx" ON "fediverse_activities" USING btree ("post_id");--> statement-breakpoint
CREATE UNIQUE INDEX "fediverse_deliveries_activity_inbox_unique" ON "fediverse_deliveries" USING btree ("activity_id","inbox");--> statement-breakpoint
CREATE INDEX "fediverse_deliveries_next_attempt_idx" ON "fediverse_deliveries" USING btree ("next_attempt_at");--> statement-breakpoint
CREATE UNIQUE INDEX "fediverse_followers_lang_actor_unique" ON "fediverse_followers" USING btree ("lang","actor_url");--> statement-breakpoint
CREATE INDEX "fediverse_followers_instance_idx" ON "fediverse_followers" USING btree ("instance");--> statement-breakpoint
CREATE INDEX "fediverse_kv_expires_idx" ON "fediverse_kv" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "fediverse_posts_object_url_idx" ON "fediverse_posts" USING btree ("object_url");--> statement-breakpoint
CREATE UNIQUE INDEX "responses_kind_source_post_unique" ON "responses" USING btree ("kind","source_url","post_id");--> statement-breakpoint
CREATE INDEX "responses_post_status_idx" ON "responses" USING btree ("post_id","status");--> statement-breakpoint
CREATE INDEX "responses_status_created_idx" ON "responses" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "responses_instance_idx" ON "responses" USING btree ("instance");
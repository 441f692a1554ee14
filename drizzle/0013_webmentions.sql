CREATE TABLE "webmention_posts" (
	"post_id" uuid PRIMARY KEY NOT NULL,
	"version" timestamp with time zone NOT NULL,
	"source" text NOT NULL,
	"queued_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "webmention_sends" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"post_id" uuid NOT NULL,
	"source" text NOT NULL,
	"target" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone,
	"sent_at" timestamp with time zone,
	"failed_at" timestamp with time zone,
	"endpoint" text,
	"status" integer,
	"last_error" text
);
--> statement-breakpoint
CREATE TABLE "webmentions_received" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"source" text NOT NULL,
	"target" text NOT NULL,
	"post_id" uuid NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone,
	"verified_at" timestamp with time zone,
	"outcome" text,
	"last_error" text
);
--> statement-breakpoint
ALTER TABLE "webmention_posts" ADD CONSTRAINT "webmention_posts_post_id_blogs_id_fk" FOREIGN KEY ("post_id") REFERENCES "public"."blogs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "webmention_sends" ADD CONSTRAINT "webmention_sends_post_id_blogs_id_fk" FOREIGN KEY ("post_id") REFERENCES "public"."blogs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "webmentions_received" ADD CONSTRAINT "webmentions_received_post_id_blogs_id_fk" FOREIGN KEY ("post_id") REFERENCES "public"."blogs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "webmention_sends_post_target_unique" ON "webmention_sends" USING btree ("post_id","target");--> statement-breakpoint
CREATE INDEX "webmention_sends_next_attempt_idx" ON "webmention_sends" USING btree ("next_attempt_at");--> statement-breakpoint
CREATE UNIQUE INDEX "webmentions_received_source_target_unique" ON "webmentions_received" USING btree ("source","target");--> statement-breakpoint
CREATE INDEX "webmentions_received_next_attempt_idx" ON "webmentions_received" USING btree ("next_attempt_at");--> statement-breakpoint
CREATE INDEX "webmentions_received_post_idx" ON "webmentions_received" USING btree ("post_id");
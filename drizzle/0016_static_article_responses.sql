CREATE TABLE "fediverse_withdrawn_notes" (
	"id" uuid PRIMARY KEY NOT NULL,
	"lang" text NOT NULL,
	"withdrawn_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "responses" ALTER COLUMN "post_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "webmentions_received" ALTER COLUMN "post_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "responses" ADD COLUMN "article_id" text;--> statement-breakpoint
ALTER TABLE "responses" ADD COLUMN "article_lang" text;--> statement-breakpoint
ALTER TABLE "responses" ADD COLUMN "avatar_attempts" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "responses" ADD COLUMN "avatar_retry_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "webmentions_received" ADD COLUMN "article_id" text;--> statement-breakpoint
ALTER TABLE "webmentions_received" ADD COLUMN "article_lang" text;--> statement-breakpoint
CREATE UNIQUE INDEX "responses_kind_source_article_unique" ON "responses" USING btree ("kind","source_url","article_id","article_lang");--> statement-breakpoint
CREATE INDEX "responses_article_status_idx" ON "responses" USING btree ("article_id","article_lang","status");--> statement-breakpoint
CREATE INDEX "responses_avatar_retry_idx" ON "responses" USING btree ("avatar_retry_at");--> statement-breakpoint
ALTER TABLE "responses" ADD CONSTRAINT "responses_subject_check" CHECK (("responses"."post_id" is null) <> ("responses"."article_id" is null) and ("responses"."article_id" is null) = ("responses"."article_lang" is null));--> statement-breakpoint
ALTER TABLE "webmentions_received" ADD CONSTRAINT "webmentions_received_subject_check" CHECK (("webmentions_received"."post_id" is null) <> ("webmentions_received"."article_id" is null) and ("webmentions_received"."article_id" is null) = ("webmentions_received"."article_lang" is null));
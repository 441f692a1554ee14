ALTER TABLE "blogs" DROP CONSTRAINT "blogs_slug_unique";--> statement-breakpoint
ALTER TABLE "blogs" ADD COLUMN "lang" text DEFAULT 'pt' NOT NULL;--> statement-breakpoint
ALTER TABLE "blogs" ADD COLUMN "translation_group" uuid;--> statement-breakpoint
ALTER TABLE "blogs" ADD COLUMN "tags" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "blogs" ADD COLUMN "published_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "blogs" ADD COLUMN "edited_at" timestamp with time zone;--> statement-breakpoint
-- Posts published before this column existed: their creation is the best record of when.
UPDATE "blogs" SET "published_at" = "created_at" WHERE "published";--> statement-breakpoint
CREATE UNIQUE INDEX "blogs_lang_slug_unique" ON "blogs" USING btree ("lang","slug");--> statement-breakpoint
CREATE UNIQUE INDEX "blogs_translation_lang_unique" ON "blogs" USING btree ("translation_group","lang");--> statement-breakpoint
CREATE INDEX "blogs_lang_published_idx" ON "blogs" USING btree ("lang","published","published_at");--> statement-breakpoint
ALTER TABLE "blogs" ADD CONSTRAINT "blogs_lang_check" CHECK ("blogs"."lang" in ('pt', 'en'));
-- A cover's words: its description for readers who do not see it, and the line under it on the article. Kept in each
-- revision too, so a restored cover comes back with its own words.
ALTER TABLE "blogs" ADD COLUMN "cover_alt" text;--> statement-breakpoint
ALTER TABLE "blogs" ADD COLUMN "cover_caption" text;--> statement-breakpoint
ALTER TABLE "post_revisions" ADD COLUMN "cover_alt" text;--> statement-breakpoint
ALTER TABLE "post_revisions" ADD COLUMN "cover_caption" text;
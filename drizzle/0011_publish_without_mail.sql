ALTER TABLE "post_revisions" DROP CONSTRAINT "post_revisions_kind_check";--> statement-breakpoint
ALTER TABLE "newsletter_posts" ADD COLUMN "skipped" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "post_revisions" ADD CONSTRAINT "post_revisions_kind_check" CHECK ("post_revisions"."kind" in ('save', 'publish', 'update', 'schedule', 'restore', 'autosave'));
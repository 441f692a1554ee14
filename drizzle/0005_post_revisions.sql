CREATE TABLE "post_revisions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"post_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"title" text NOT NULL,
	"slug" text NOT NULL,
	"excerpt" text,
	"content" text NOT NULL,
	"cover_image" text,
	"tags" text[] DEFAULT '{}'::text[] NOT NULL,
	"lang" text NOT NULL,
	"changed" text[] DEFAULT '{}'::text[] NOT NULL,
	"lines_added" integer DEFAULT 0 NOT NULL,
	"lines_removed" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "post_revisions_kind_check" CHECK ("post_revisions"."kind" in ('save', 'publish', 'schedule', 'restore', 'autosave'))
);
--> statement-breakpoint
ALTER TABLE "post_revisions" ADD CONSTRAINT "post_revisions_post_id_blogs_id_fk" FOREIGN KEY ("post_id") REFERENCES "public"."blogs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "post_revisions_post_created_idx" ON "post_revisions" USING btree ("post_id","created_at");--> statement-breakpoint
-- Every post starts its history with the version it has now.
INSERT INTO "post_revisions" ("post_id", "kind", "title", "slug", "excerpt", "content", "cover_image", "tags", "lang", "created_at")
  SELECT "id", 'save', "title", "slug", "excerpt", "content", "cover_image", "tags", "lang", "updated_at" FROM "blogs";

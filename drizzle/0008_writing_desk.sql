CREATE TABLE "blog_tags" (
	"lang" text NOT NULL,
	"slug" text NOT NULL,
	"name" text NOT NULL,
	"translation_group" uuid,
	CONSTRAINT "blog_tags_lang_slug_pk" PRIMARY KEY("lang","slug"),
	CONSTRAINT "blog_tags_lang_check" CHECK ("blog_tags"."lang" in ('pt', 'en'))
);
--> statement-breakpoint
CREATE TABLE "post_share_links" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"post_id" uuid NOT NULL,
	"token_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone,
	CONSTRAINT "post_share_links_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
ALTER TABLE "blogs" ADD COLUMN "deleted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "blogs" ADD COLUMN "seo_description" text;--> statement-breakpoint
ALTER TABLE "blogs" ADD COLUMN "social_title" text;--> statement-breakpoint
ALTER TABLE "blogs" ADD COLUMN "social_description" text;--> statement-breakpoint
ALTER TABLE "post_share_links" ADD CONSTRAINT "post_share_links_post_id_blogs_id_fk" FOREIGN KEY ("post_id") REFERENCES "public"."blogs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "blog_tags_translation_lang_unique" ON "blog_tags" USING btree ("translation_group","lang");--> statement-breakpoint
CREATE INDEX "post_share_links_post_idx" ON "post_share_links" USING btree ("post_id");--> statement-breakpoint
CREATE INDEX "blogs_deleted_idx" ON "blogs" USING btree ("deleted_at");
CREATE TABLE "post_redirects" (
	"path" text PRIMARY KEY NOT NULL,
	"post_id" uuid NOT NULL,
	"lang" text NOT NULL,
	"source" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "post_redirects_lang_check" CHECK ("post_redirects"."lang" in ('pt', 'en')),
	CONSTRAINT "post_redirects_source_check" CHECK ("post_redirects"."source" in ('archive', 'ghost', 'wordpress', 'markdown', 'author'))
);
--> statement-breakpoint
ALTER TABLE "post_redirects" ADD CONSTRAINT "post_redirects_post_id_blogs_id_fk" FOREIGN KEY ("post_id") REFERENCES "public"."blogs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "post_redirects_post_idx" ON "post_redirects" USING btree ("post_id");
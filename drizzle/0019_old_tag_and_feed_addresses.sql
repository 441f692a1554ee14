-- Old addresses of a tag's page and of the feed, beside those of posts: such a row has no post, names its tag (none:
-- the feed) and the author who imported it, whose it is (decision 097).
ALTER TABLE "post_redirects" ALTER COLUMN "post_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "post_redirects" ADD COLUMN "tag" text;--> statement-breakpoint
ALTER TABLE "post_redirects" ADD COLUMN "author_id" uuid;--> statement-breakpoint
ALTER TABLE "post_redirects" ADD CONSTRAINT "post_redirects_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "post_redirects_author_idx" ON "post_redirects" USING btree ("author_id");--> statement-breakpoint
ALTER TABLE "post_redirects" ADD CONSTRAINT "post_redirects_target_check" CHECK (("post_redirects"."post_id" is not null and "post_redirects"."tag" is null and "post_redirects"."author_id" is null) or ("post_redirects"."post_id" is null and "post_redirects"."author_id" is not null));
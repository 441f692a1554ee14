-- Full-text search over the public blog (decision 017). Accents are ignored
-- (unaccent before each language's stemmer), so "programacao" finds "Programação".
CREATE EXTENSION IF NOT EXISTS unaccent;--> statement-breakpoint
CREATE TEXT SEARCH CONFIGURATION public.portuguese_unaccent (COPY = pg_catalog.portuguese);--> statement-breakpoint
ALTER TEXT SEARCH CONFIGURATION public.portuguese_unaccent ALTER MAPPING FOR hword, hword_part, word WITH public.unaccent, pg_catalog.portuguese_stem;--> statement-breakpoint
CREATE TEXT SEARCH CONFIGURATION public.english_unaccent (COPY = pg_catalog.english);--> statement-breakpoint
ALTER TEXT SEARCH CONFIGURATION public.english_unaccent ALTER MAPPING FOR hword, hword_part, word WITH public.unaccent, pg_catalog.english_stem;--> statement-breakpoint
-- The text search configuration of a language.
CREATE FUNCTION search_config(lang text) RETURNS regconfig
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  RETURN CASE lang WHEN 'en' THEN 'public.english_unaccent'::regconfig ELSE 'public.portuguese_unaccent'::regconfig END;--> statement-breakpoint
-- A Markdown body as the prose a reader reads, for searching and snippets:
-- fenced code blocks, link and image targets, heading, quote and list markers
-- and emphasis characters go; words, link texts, image descriptions and
-- inline code stay, paragraphs apart by one blank line. The private-use
-- characters snippets are marked with go too.
CREATE FUNCTION search_plain_text(markdown text) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  RETURN btrim(
    regexp_replace(regexp_replace(regexp_replace(regexp_replace(regexp_replace(regexp_replace(
    regexp_replace(regexp_replace(
      translate(markdown, U&'\E000\E001\000D', ''),
      -- Two patterns, not one with "|": PostgreSQL makes an alternation greedy.
      '```.*?```', E'\n\n', 'g'),
      '~~~.*?~~~', E'\n\n', 'g'),
      '!?\[([^]\n]*)\]\([^)\n]*\)', '\1', 'g'),
      '^[ \t]{0,3}(#{1,6}|>|[-*+]|[0-9]+[.)])[ \t]+', '', 'gn'),
      '[*_`~|]+', ' ', 'g'),
      '[ \t\f\v]+', ' ', 'g'),
      ' ?\n ?', E'\n', 'g'),
      '\n{3,}', E'\n\n', 'g'),
    E' \n');--> statement-breakpoint
-- The paragraphs of a plain-text body, in order.
CREATE FUNCTION search_passages(body text) RETURNS text[]
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  RETURN regexp_split_to_array(body, E'\n\n');--> statement-breakpoint
-- Each paragraph preprocessed on its own, so a snippet can be cut from the paragraphs that match.
CREATE FUNCTION search_passage_vectors(lang text, body text) RETURNS tsvector[]
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  RETURN ARRAY(
    SELECT to_tsvector(search_config(lang), passage)
    FROM unnest(search_passages(body)) WITH ORDINALITY AS p(passage, n)
    ORDER BY n
  );--> statement-breakpoint
-- What a document is searched by: title and tags weigh most, then the excerpt, then the body.
CREATE FUNCTION search_document_vector(lang text, title text, tags text[], excerpt text, body text) RETURNS tsvector
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  RETURN setweight(to_tsvector(search_config(lang), coalesce(title, '')), 'A')
    || setweight(to_tsvector(search_config(lang), coalesce(array_to_string(tags, ' '), '')), 'A')
    || setweight(to_tsvector(search_config(lang), coalesce(excerpt, '')), 'B')
    || setweight(to_tsvector(search_config(lang), coalesce(body, '')), 'C');--> statement-breakpoint
CREATE TABLE "search_documents" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"post_id" uuid,
	"article_id" text,
	"lang" text NOT NULL,
	"slug" text NOT NULL,
	"title" text NOT NULL,
	"excerpt" text,
	"tags" text[] DEFAULT '{}'::text[] NOT NULL,
	"body" text NOT NULL,
	"published_at" timestamp with time zone NOT NULL,
	"vector" "tsvector" GENERATED ALWAYS AS (search_document_vector("lang", "title", "tags", "excerpt", "body")) STORED NOT NULL,
	"passage_vectors" "tsvector"[] GENERATED ALWAYS AS (search_passage_vectors("lang", "body")) STORED NOT NULL,
	CONSTRAINT "search_documents_post_id_unique" UNIQUE("post_id"),
	CONSTRAINT "search_documents_lang_check" CHECK ("search_documents"."lang" in ('pt', 'en')),
	CONSTRAINT "search_documents_source_check" CHECK (("search_documents"."post_id" is null) <> ("search_documents"."article_id" is null))
);
--> statement-breakpoint
ALTER TABLE "search_documents" ADD CONSTRAINT "search_documents_post_id_blogs_id_fk" FOREIGN KEY ("post_id") REFERENCES "public"."blogs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "search_documents_article_lang_unique" ON "search_documents" USING btree ("article_id","lang");--> statement-breakpoint
CREATE INDEX "search_documents_vector_idx" ON "search_documents" USING gin ("vector");--> statement-breakpoint
-- A post has a row while it is published, rewritten whenever what is searched changes.
CREATE FUNCTION blogs_search_document_sync() RETURNS trigger
  LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE'
    AND (NEW.lang, NEW.slug, NEW.title, NEW.excerpt, NEW.tags, NEW.content, NEW.published, NEW.published_at, NEW.created_at)
      IS NOT DISTINCT FROM (OLD.lang, OLD.slug, OLD.title, OLD.excerpt, OLD.tags, OLD.content, OLD.published, OLD.published_at, OLD.created_at)
  THEN
    RETURN NULL;
  END IF;
  IF TG_OP <> 'INSERT' THEN
    DELETE FROM search_documents WHERE post_id = OLD.id;
  END IF;
  IF TG_OP <> 'DELETE' AND NEW.published THEN
    INSERT INTO search_documents (post_id, lang, slug, title, excerpt, tags, body, published_at)
    VALUES (NEW.id, NEW.lang, NEW.slug, NEW.title, nullif(btrim(NEW.excerpt), ''), NEW.tags,
      search_plain_text(NEW.content), coalesce(NEW.published_at, NEW.created_at));
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER blogs_search_document_sync AFTER INSERT OR UPDATE OR DELETE ON blogs
  FOR EACH ROW EXECUTE FUNCTION blogs_search_document_sync();--> statement-breakpoint
INSERT INTO search_documents (post_id, lang, slug, title, excerpt, tags, body, published_at)
  SELECT id, lang, slug, title, nullif(btrim(excerpt), ''), tags, search_plain_text(content), coalesce(published_at, created_at)
  FROM blogs WHERE published;

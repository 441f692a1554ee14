-- An import writes its posts' search documents after its transaction, a few at a time, so the embedded database's
-- one connection is not held by the search index for the whole import (decision 086). Within that transaction the
-- setting `blog.search_after_import` is on (local to it), and the trigger leaves the inserted posts to the import.
CREATE OR REPLACE FUNCTION blogs_search_document_sync() RETURNS trigger
  LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' AND current_setting('blog.search_after_import', true) = 'on' THEN
    RETURN NULL;
  END IF;
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
$$;

CREATE TABLE "analytics_months" (
	"kind" text NOT NULL,
	"month" date NOT NULL,
	"key" text NOT NULL,
	"lang" text NOT NULL,
	"views" integer DEFAULT 0 NOT NULL,
	"peak_visitors" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "analytics_months_kind_month_key_lang_pk" PRIMARY KEY("kind","month","key","lang")
);
--> statement-breakpoint
-- The months are written by the database, in the statement that writes the days, whichever server (or an older
-- version of it) sends that statement. Until this migration commits no server writes a day: its backfill below
-- sees every day there is, and every write after it goes through the triggers.
LOCK TABLE "analytics_counts" IN SHARE ROW EXCLUSIVE MODE;--> statement-breakpoint
-- What a statement changed in the days, added to their months. Views add up; a month's peak is the highest of its
-- days' visitors (a day's visitors only grow). One writer at a time adds to the months, to the end of its
-- transaction (a lock of the site's own, 5021009, which neither the reports nor vacuum take): two statements whose
-- days fall in the same months cannot lock the months in opposite orders.
-- Deleting days (never done by the site) takes their views off and looks the month's peak up again.
CREATE FUNCTION analytics_months_sync() RETURNS trigger
  LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_advisory_xact_lock(5021009);
  IF TG_OP = 'TRUNCATE' THEN
    DELETE FROM analytics_months;
  ELSIF TG_OP = 'INSERT' THEN
    INSERT INTO analytics_months (kind, month, key, lang, views, peak_visitors)
      SELECT kind, date_trunc('month', day::timestamp)::date, key, lang, sum(views), max(visitors)
      FROM new_rows GROUP BY 1, 2, 3, 4 ORDER BY 1, 2, 3, 4
    ON CONFLICT (kind, month, key, lang) DO UPDATE
      SET views = analytics_months.views + excluded.views,
          peak_visitors = greatest(analytics_months.peak_visitors, excluded.peak_visitors);
  ELSIF TG_OP = 'UPDATE' THEN
    INSERT INTO analytics_months (kind, month, key, lang, views, peak_visitors)
      SELECT kind, date_trunc('month', day::timestamp)::date, key, lang, sum(views), max(visitors)
      FROM (
        SELECT kind, day, key, lang, views, visitors FROM new_rows
        UNION ALL SELECT kind, day, key, lang, -views, 0 FROM old_rows
      ) AS changed
      GROUP BY 1, 2, 3, 4 ORDER BY 1, 2, 3, 4
    ON CONFLICT (kind, month, key, lang) DO UPDATE
      SET views = analytics_months.views + excluded.views,
          peak_visitors = greatest(analytics_months.peak_visitors, excluded.peak_visitors);
  ELSE
    UPDATE analytics_months m
      SET views = m.views - gone.views,
          peak_visitors = coalesce((
            SELECT max(c.visitors) FROM analytics_counts c
            WHERE c.kind = m.kind AND c.key = m.key AND c.lang = m.lang
              AND c.day >= m.month AND c.day < (m.month + interval '1 month')::date), 0)
      FROM (
        SELECT kind, date_trunc('month', day::timestamp)::date AS month, key, lang, sum(views) AS views
        FROM old_rows GROUP BY 1, 2, 3, 4
      ) AS gone
      WHERE m.kind = gone.kind AND m.month = gone.month AND m.key = gone.key AND m.lang = gone.lang;
    DELETE FROM analytics_months m
      WHERE (m.kind, m.month, m.key, m.lang) IN (
          SELECT kind, date_trunc('month', day::timestamp)::date, key, lang FROM old_rows)
        AND NOT EXISTS (
          SELECT 1 FROM analytics_counts c
          WHERE c.kind = m.kind AND c.key = m.key AND c.lang = m.lang
            AND c.day >= m.month AND c.day < (m.month + interval '1 month')::date);
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER analytics_months_insert AFTER INSERT ON analytics_counts
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION analytics_months_sync();--> statement-breakpoint
CREATE TRIGGER analytics_months_update AFTER UPDATE ON analytics_counts
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION analytics_months_sync();--> statement-breakpoint
CREATE TRIGGER analytics_months_delete AFTER DELETE ON analytics_counts
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION analytics_months_sync();--> statement-breakpoint
CREATE TRIGGER analytics_months_truncate AFTER TRUNCATE ON analytics_counts
  FOR EACH STATEMENT EXECUTE FUNCTION analytics_months_sync();--> statement-breakpoint
INSERT INTO analytics_months (kind, month, key, lang, views, peak_visitors)
  SELECT kind, date_trunc('month', day::timestamp)::date, key, lang, sum(views), max(visitors)
  FROM analytics_counts GROUP BY 1, 2, 3, 4;

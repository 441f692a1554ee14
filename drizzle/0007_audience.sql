CREATE TABLE "analytics_counts" (
	"kind" text NOT NULL,
	"day" date NOT NULL,
	"key" text NOT NULL,
	"lang" text NOT NULL,
	"views" integer DEFAULT 0 NOT NULL,
	"visitors" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "analytics_counts_kind_day_key_lang_pk" PRIMARY KEY("kind","day","key","lang"),
	CONSTRAINT "analytics_counts_kind_check" CHECK ("analytics_counts"."kind" in ('page', 'site', 'source', 'device', 'not-found', 'feed'))
);
--> statement-breakpoint
CREATE TABLE "analytics_feed_readers" (
	"day" date NOT NULL,
	"feed" text NOT NULL,
	"lang" text NOT NULL,
	"reader" text NOT NULL,
	"subscribers" integer NOT NULL,
	CONSTRAINT "analytics_feed_readers_day_feed_reader_pk" PRIMARY KEY("day","feed","reader")
);
--> statement-breakpoint
CREATE TABLE "analytics_salts" (
	"day" date PRIMARY KEY NOT NULL,
	"salt" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "analytics_visitors" (
	"day" date NOT NULL,
	"kind" text NOT NULL,
	"key" text NOT NULL,
	"lang" text NOT NULL,
	"hash" bigint NOT NULL,
	CONSTRAINT "analytics_visitors_day_kind_key_lang_hash_pk" PRIMARY KEY("day","kind","key","lang","hash")
);

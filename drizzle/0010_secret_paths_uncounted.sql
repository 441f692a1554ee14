-- A shared draft's address carries its secret (/blog/preview/{token}, /en/blog/preview/{token}): such paths are no
-- longer counted (app/server/analytics/classify.server.ts), and the counts kept under them before are removed here,
-- with their visitor hashes and their months, so no author finds a token on the Audience page, in its CSV or in a
-- backup made from now on. The trigger of migration 0009 takes the deleted days' views off their months; the months
-- left with nothing are removed after it.
DELETE FROM "analytics_counts" WHERE "kind" IN ('page', 'not-found') AND "key" ~* '^(/en)?/blog/preview(/|$)';--> statement-breakpoint
DELETE FROM "analytics_visitors" WHERE "kind" IN ('page', 'not-found') AND "key" ~* '^(/en)?/blog/preview(/|$)';--> statement-breakpoint
DELETE FROM "analytics_months" WHERE "kind" IN ('page', 'not-found') AND "key" ~* '^(/en)?/blog/preview(/|$)';

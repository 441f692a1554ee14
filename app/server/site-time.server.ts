/**
 * The site's time zone, Recife (UTC-3 all year, no daylight saving since
 * 2019): the newsletter's digest hour and the audience's days are counted in it.
 */
export const SITE_TIME_ZONE = "America/Recife";
export const SITE_UTC_OFFSET_MINUTES = -180;

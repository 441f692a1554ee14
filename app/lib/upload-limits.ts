/** Largest cover image accepted, in bytes (5 MB). Checked by the browser first and by the server always. */
export const MAX_UPLOAD_BYTES = 5 * 1024 * 1024;

/** Largest cover image accepted, in bytes (5 MB). Checked by the browser first and by the server always. */
export const MAX_UPLOAD_BYTES = 5 * 1024 * 1024;

/**
 * Largest import accepted from the admin, in bytes (512 MiB): an archive
 * with its images. Larger blogs import from the server's command line
 * (`npm run import`), which reads the file where it lies.
 */
export const MAX_IMPORT_BYTES = 512 * 1024 * 1024;

/**
 * The editor's place in the admin's address: `/admin/blog?post={id}` edits a
 * post, `?post=new` writes a new one. A reload, or a link from the list,
 * opens the editor where it was.
 */

export const EDITOR_PARAM = "post";

/**
 * The address of the editor of a post (or of a new one) on the admin's page.
 * @example editorHref("/admin/blog", "0b3…") // "/admin/blog?post=0b3…"
 */
export function editorHref(adminPath: string, postId: string): string {
  return `${adminPath}?${new URLSearchParams({ [EDITOR_PARAM]: postId })}`;
}

/** The saves the editor makes: none of them needs the list reloaded behind it. */
const EDITOR_SAVES = new Set(["create", "update", "save", "autosave", "publish", "schedule", "unpublish", "restore"]);

export const isEditorSave = (intent: string) => EDITOR_SAVES.has(intent);

import { fakeAccounts } from "./accounts.ts";

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

/** The consent page: one button per test account, and a Cancel that denies access. */
export function authorizePage(params: URLSearchParams): string {
  const carried = ["redirect_uri", "state", "code_challenge", "scope"]
    .map((name) => `<input type="hidden" name="${name}" value="${escapeHtml(params.get(name) ?? "")}">`)
    .join("");
  const accounts = fakeAccounts
    .map(
      (account) => `<li><form method="post">${carried}<input type="hidden" name="login" value="${account.login}">
<button type="submit">Sign in as ${escapeHtml(account.login)}</button> <span>${escapeHtml(account.name)} · ${escapeHtml(account.note)}</span></form></li>`,
    )
    .join("\n");
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Fake GitHub · Authorize</title>
<style>body{font:16px system-ui;max-width:40rem;margin:3rem auto;padding:0 1rem}li{margin:.75rem 0}button{font:inherit;padding:.4rem .9rem}</style></head>
<body><h1>Fake GitHub</h1><p>Development sign-in: pick a test account. Scope asked: ${escapeHtml(params.get("scope") ?? "")}</p>
<ul>${accounts}</ul>
<form method="post">${carried}<button type="submit" name="login" value="">Cancel</button></form>
</body></html>`;
}

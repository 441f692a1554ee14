/** The test accounts of the fake GitHub. Development and e2e runs allow the first two. */
export interface FakeAccount {
  id: number;
  login: string;
  name: string;
  /** Public e-mail on the profile; null when the user keeps it private (then only /user/emails has it). */
  publicEmail: string | null;
  primaryEmail: string;
  note: string;
}

export const fakeAccounts: readonly FakeAccount[] = [
  {
    id: 1001,
    login: "rafael-werneck",
    name: "Rafael Werneck",
    publicEmail: null,
    primaryEmail: "rafael@example.com",
    note: "site owner, allowed author",
  },
  {
    id: 1002,
    login: "ana-autora",
    name: "Ana Souza",
    publicEmail: "ana@example.com",
    primaryEmail: "ana@example.com",
    note: "second allowed author",
  },
  {
    id: 1003,
    login: "visitante",
    name: "Visitante Curioso",
    publicEmail: null,
    primaryEmail: "visitante@example.com",
    note: "not an author: refused",
  },
];

/** The value of AUTHOR_GITHUB_LOGINS that matches the accounts above. */
export const fakeAuthorLogins = "rafael-werneck,ana-autora";
export const fakeClientId = "fake-client-id";
export const fakeClientSecret = "fake-client-secret";

/**
 * The variables that point the site's GitHub sign-in at a fake GitHub at `url`: its client, and the accounts that
 * may write (the first two above unless given).
 * @example startServer({ env: { ...fakeGitHubEnv(github.url), SMTP_HOST: "127.0.0.1" } })
 */
export function fakeGitHubEnv(url: string, authorLogins: string = fakeAuthorLogins) {
  return {
    GITHUB_URL: url,
    GITHUB_API_URL: url,
    GITHUB_CLIENT_ID: fakeClientId,
    GITHUB_CLIENT_SECRET: fakeClientSecret,
    AUTHOR_GITHUB_LOGINS: authorLogins,
  };
}

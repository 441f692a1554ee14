import { describe, expect, it } from "vitest";
import { ConfigError, readConfig } from "../../config/config.ts";

const contact = (env: Record<string, string>) => readConfig(env).contact;

/** The lines of the configuration error `env` makes. */
function problems(env: Record<string, string>): readonly string[] {
  try {
    readConfig(env);
  } catch (error) {
    if (error instanceof ConfigError) return error.lines;
    throw error;
  }
  throw new Error("expected a configuration error");
}

describe("contact settings from the environment", () => {
  it("defaults to storing messages only, sent to the owner's address, five per hour per address", () => {
    expect(contact({})).toEqual({
      to: "contato@rafaelwerneck.dev",
      rateLimit: 5,
      secret: undefined,
      smtp: null,
      leaseSeconds: 300,
    });
  });

  it("reads how long a claim on a message being e-mailed lasts", () => {
    expect(contact({ CONTACT_LEASE_SECONDS: "5" }).leaseSeconds).toBe(5);
    expect(() => contact({ CONTACT_LEASE_SECONDS: "soon" })).toThrow(
      'CONTACT_LEASE_SECONDS: "soon" is not a whole number',
    );
  });

  it("reads a full SMTP setup", () => {
    expect(
      contact({
        SMTP_HOST: "smtp.example.com",
        SMTP_PORT: "2525",
        SMTP_SECURE: "false",
        SMTP_USER: "apikey",
        SMTP_PASS: "p4ss",
        SMTP_FROM: "site@example.com",
        CONTACT_TO: "me@example.com",
        CONTACT_RATE_LIMIT: "10",
        CONTACT_SECRET: "s".repeat(32),
      }),
    ).toEqual({
      to: "me@example.com",
      rateLimit: 10,
      leaseSeconds: 300,
      secret: "s".repeat(32),
      smtp: {
        host: "smtp.example.com",
        port: 2525,
        secure: false,
        auth: { user: "apikey", pass: "p4ss" },
        from: "site@example.com",
      },
    });
  });

  it.each([
    [{ SMTP_SECURE: "true" }, 465, true],
    [{ SMTP_SECURE: "" }, 587, false],
    [{}, 587, false],
  ])("picks the usual port for %j", (env, port, secure) => {
    const smtp = contact({ SMTP_HOST: "mail.example.com", SMTP_FROM: "site@example.com", ...env }).smtp;
    expect(smtp).toMatchObject({ port, secure, auth: null });
  });

  it("sends from the login when it is an address and SMTP_FROM is unset", () => {
    const smtp = contact({ SMTP_HOST: "mail.example.com", SMTP_USER: "site@example.com", SMTP_PASS: "x" }).smtp;
    expect(smtp?.from).toBe("site@example.com");
  });

  it.each([
    [{ SMTP_HOST: "h", SMTP_FROM: "a@b.c", SMTP_PORT: "abc" }, 'SMTP_PORT: "abc" is not a port number (1–65535)'],
    [{ SMTP_HOST: "h", SMTP_FROM: "a@b.c", SMTP_PORT: "70000" }, 'SMTP_PORT: "70000" is not a port number (1–65535)'],
    [{ SMTP_HOST: "h", SMTP_FROM: "a@b.c", SMTP_SECURE: "maybe" }, 'SMTP_SECURE: "maybe" is not true or false'],
    [{ SMTP_HOST: "h", SMTP_FROM: "a@b.c", SMTP_USER: "u" }, "SMTP_PASS: must be set with SMTP_USER (both or neither)"],
    [{ SMTP_HOST: "h", SMTP_FROM: "a@b.c", SMTP_PASS: "p" }, "SMTP_USER: must be set with SMTP_PASS (both or neither)"],
    [
      { SMTP_HOST: "h" },
      "SMTP_FROM: must be set when SMTP_HOST is (the address contact e-mails come from), unless SMTP_USER is an address",
    ],
    [{ SMTP_HOST: "h", SMTP_FROM: "not an address" }, 'SMTP_FROM: "not an address" is not an e-mail address'],
    [{ CONTACT_TO: "owner" }, 'CONTACT_TO: "owner" is not an e-mail address'],
    [{ CONTACT_RATE_LIMIT: "-1" }, 'CONTACT_RATE_LIMIT: "-1" is not a whole number'],
    [
      { CONTACT_SECRET: "short" },
      "CONTACT_SECRET: is 5 characters long, not at least 32 (openssl rand -hex 32 makes one)",
    ],
  ])("refuses %j with one clear line", (env, message) => {
    expect(() => readConfig(env)).toThrow(ConfigError);
    expect(() => readConfig(env)).toThrow(message);
    expect(problems(env)).toEqual([message]);
  });

  it("never shows a secret in a message", () => {
    expect(problems({ CONTACT_SECRET: "hunter2" }).join("\n")).not.toContain("hunter2");
  });

  it("judges the mail server's settings only when there is a mail server", () => {
    expect(contact({ SMTP_PORT: "abc", SMTP_SECURE: "maybe", SMTP_USER: "u" }).smtp).toBeNull();
  });
});

/**
 * The rules of a contact message, shared by the form (which checks before
 * sending) and the server (which decides). Pure: no database, no request.
 */
import type { Dictionary } from "~/i18n";
import { format } from "~/i18n";
import type { Lang } from "~/i18n/paths.ts";

export const CONTACT_LIMITS = { name: 200, email: 254, message: 5000 } as const;

/** The honeypot's field name: tempting to a form-filling robot, invisible to people. */
export const HONEYPOT_FIELD = "website";

// The browser's own `type=email` rule (WHATWG), plus a dot in the domain: a
// message is only useful if the owner can reply to it on the public internet.
const EMAIL_PATTERN =
  /^[A-Za-z0-9.!#$%&'*+/=?^_`{|}~-]+@[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)+$/;

/**
 * Whether an address is one mail can be sent to on the public internet.
 * @example isEmailAddress("ana@example.com") // true
 */
export function isEmailAddress(email: string): boolean {
  return email.length <= CONTACT_LIMITS.email && EMAIL_PATTERN.test(email);
}

export interface ContactInput {
  name: string;
  email: string;
  message: string;
}

export type ContactField = keyof ContactInput;
export type ContactFieldErrors = Partial<Record<ContactField, string>>;

export type ParsedContact = { ok: true; value: ContactInput } | { ok: false; errors: ContactFieldErrors };

/** What the server answers a contact post; `values` come back on refusal so the form keeps the text. */
export type ContactReply =
  | { ok: true }
  | { ok: false; message: string; fieldErrors?: ContactFieldErrors; values?: ContactInput };

const text = (value: FormDataEntryValue | null | undefined) => (typeof value === "string" ? value : "");

/** The three fields as typed (line endings made uniform), before any rule. */
export function readContactFields(form: FormData): ContactInput {
  return {
    name: text(form.get("name")),
    email: text(form.get("email")),
    message: text(form.get("message")).replace(/\r\n?/g, "\n"),
  };
}

/** Reads the language a form says it was filled in; anything else is the default. */
export function contactLang(value: FormDataEntryValue | null): Lang {
  return value === "en" ? "en" : "pt";
}

/**
 * Checks a submitted message and normalizes it: the name becomes one line
 * (no header tricks in the e-mail), the e-mail is trimmed, the message keeps
 * its own line breaks.
 * @example parseContactInput(form, pt.contact.errors)
 */
export function parseContactInput(form: FormData, messages: Dictionary["contact"]["errors"]): ParsedContact {
  const typed = readContactFields(form);
  const name = typed.name.replace(/[\s\p{Cc}]+/gu, " ").trim();
  const email = typed.email.trim();
  const message = typed.message.trim();

  const errors: ContactFieldErrors = {};
  if (!name) errors.name = messages.nameRequired;
  else if (name.length > CONTACT_LIMITS.name) errors.name = format(messages.nameTooLong, { max: CONTACT_LIMITS.name });

  if (!email) errors.email = messages.emailRequired;
  else if (!isEmailAddress(email)) errors.email = messages.emailInvalid;

  if (!message) errors.message = messages.messageRequired;
  else if (message.length > CONTACT_LIMITS.message) {
    errors.message = format(messages.messageTooLong, { max: CONTACT_LIMITS.message });
  }

  if (Object.keys(errors).length > 0) return { ok: false, errors };
  return { ok: true, value: { name, email, message } };
}

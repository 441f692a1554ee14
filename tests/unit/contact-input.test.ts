import { describe, expect, it } from "vitest";
import { en } from "~/i18n/en.ts";
import { pt } from "~/i18n/pt.ts";
import { CONTACT_LIMITS, contactLang, parseContactInput } from "~/lib/contact-input.ts";

function form(values: Record<string, string>) {
  const data = new FormData();
  for (const [key, value] of Object.entries(values)) data.set(key, value);
  return data;
}

const valid = { name: "Ana Lima", email: "ana@example.com", message: "Quero um site." };

describe("parseContactInput", () => {
  it("accepts a complete message and normalizes it", () => {
    const result = parseContactInput(
      form({ name: "  Ana \n\t Lima\u0000 ", email: " ana@example.com ", message: "  Oi,\r\ntudo bem?\r\n  " }),
      pt.contact.errors,
    );
    expect(result).toEqual({
      ok: true,
      value: { name: "Ana Lima", email: "ana@example.com", message: "Oi,\ntudo bem?" },
    });
  });

  it.each([
    ["an empty name", { name: "" }, "name", pt.contact.errors.nameRequired],
    ["a name of only spaces", { name: "   \n " }, "name", pt.contact.errors.nameRequired],
    ["a name one character too long", { name: "a".repeat(CONTACT_LIMITS.name + 1) }, "name", "no máximo 200"],
    ["an empty e-mail", { email: "" }, "email", pt.contact.errors.emailRequired],
    ["an e-mail without @", { email: "ana.example.com" }, "email", pt.contact.errors.emailInvalid],
    ["an e-mail without a domain dot", { email: "ana@localhost" }, "email", pt.contact.errors.emailInvalid],
    ["an e-mail with a space", { email: "ana lima@example.com" }, "email", pt.contact.errors.emailInvalid],
    ["an e-mail with two @", { email: "ana@@example.com" }, "email", pt.contact.errors.emailInvalid],
    ["an e-mail with a bad domain label", { email: "ana@-example.com" }, "email", pt.contact.errors.emailInvalid],
    ["an e-mail over 254 characters", { email: `${"a".repeat(64)}@${"b".repeat(190)}.com` }, "email", "válido"],
    ["an empty message", { message: "" }, "message", pt.contact.errors.messageRequired],
    ["a message of only blank lines", { message: "\n \r\n " }, "message", pt.contact.errors.messageRequired],
    [
      "a message one character too long",
      { message: "a".repeat(CONTACT_LIMITS.message + 1) },
      "message",
      "no máximo 5000",
    ],
  ] as const)("refuses %s", (_case, change, field, expected) => {
    const result = parseContactInput(form({ ...valid, ...change }), pt.contact.errors);
    if (result.ok) throw new Error("expected a refusal");
    expect(Object.keys(result.errors)).toEqual([field]);
    expect(result.errors[field]).toContain(expected);
  });

  it.each([
    ["a name of exactly 200 characters", { name: "a".repeat(200) }],
    ["a message of exactly 5000 characters", { message: "a".repeat(5000) }],
    ["a plus-addressed e-mail on a subdomain", { email: "ana+site@mail.example.com.br" }],
    ["a one-character name", { name: "A" }],
  ])("accepts %s", (_case, change) => {
    expect(parseContactInput(form({ ...valid, ...change }), pt.contact.errors).ok).toBe(true);
  });

  it("names every problem at once, in the visitor's language", () => {
    const result = parseContactInput(form({ name: "", email: "nope", message: "" }), en.contact.errors);
    expect(result).toEqual({
      ok: false,
      errors: {
        name: "Enter your name.",
        email: "Enter a valid e-mail, such as you@example.com.",
        message: "Write your message.",
      },
    });
  });

  it("treats missing fields as empty", () => {
    const result = parseContactInput(new FormData(), pt.contact.errors);
    expect(result.ok ? [] : Object.keys(result.errors)).toEqual(["name", "email", "message"]);
  });
});

describe("contactLang", () => {
  it.each([
    ["en", "en"],
    ["pt", "pt"],
    ["fr", "pt"],
    [null, "pt"],
  ] as const)("%j -> %j", (value, lang) => {
    expect(contactLang(value)).toBe(lang);
  });
});

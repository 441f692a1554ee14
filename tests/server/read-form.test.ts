import { describe, expect, it } from "vitest";
import { acceptedLang, readForm } from "~/server/form.server.ts";

const post = (url: string, body: BodyInit, type: string, headers: Record<string, string> = {}) =>
  new Request(url, { method: "POST", body, headers: { "Content-Type": type, ...headers } });

describe("readForm", () => {
  it("reads a posted form", async () => {
    const form = await readForm(post("http://site/contact", "name=Ana&lang=pt", "application/x-www-form-urlencoded"));
    expect(form.get("name")).toBe("Ana");
  });

  it.each([
    ["JSON where a form is expected", '{"name":"Ana"}', "application/json"],
    ["multipart without a boundary", "--x\r\n", "multipart/form-data"],
    [
      "truncated multipart",
      '--x\r\nContent-Disposition: form-data; name="a"\r\n\r\nhal',
      "multipart/form-data; boundary=x",
    ],
    [
      "a wrong boundary",
      '--y\r\nContent-Disposition: form-data; name="a"\r\n\r\n1\r\n--y--\r\n',
      "multipart/form-data; boundary=x",
    ],
  ])("answers %s with 400 in the page's language", async (_name, body, type) => {
    const refusal = await readForm(post("http://site/en/contact", body, type)).catch((thrown: unknown) => thrown);
    expect(refusal).toBeInstanceOf(Response);
    const response = refusal as Response;
    expect(response.status).toBe(400);
    expect(await response.text()).toMatch(/^The form sent could not be read/);
  });

  it("speaks the language it is given on language-neutral endpoints", async () => {
    const request = post("http://site/auth/logout", "{}", "application/json", { "Accept-Language": "en-GB,pt;q=0.5" });
    const refusal = (await readForm(request, acceptedLang(request)).catch((thrown: unknown) => thrown)) as Response;
    expect(await refusal.text()).toMatch(/^The form sent/);
  });
});

describe("acceptedLang", () => {
  it.each([
    ["", "pt"],
    ["en-US,en;q=0.9", "en"],
    ["pt-BR,en;q=0.8", "pt"],
    ["fr,en;q=0.5", "en"],
    ["de", "pt"],
  ])("%j is %s", (header, lang) => {
    expect(acceptedLang(new Request("http://site/auth/github", { headers: { "Accept-Language": header } }))).toBe(lang);
  });
});

import { describe, expect, it } from "vitest";
import { companies } from "~/content/companies.ts";
import { projects } from "~/content/projects.ts";
import type { Lang } from "~/i18n";
import { terminal as en } from "~/i18n/en/terminal.ts";
import { terminal as pt } from "~/i18n/pt/terminal.ts";
import { interpret as interpretIn, type TerminalStrings } from "~/lib/terminal/interpreter.ts";

const langs: Lang[] = ["pt", "en"];

// The terminal's script carries its page's language and strings; the same pairs here.
const strings: Record<Lang, TerminalStrings> = { pt, en };
const interpret = (input: string, lang: Lang) => interpretIn(input, lang, strings[lang]);

describe("interpret: blank input", () => {
  it.each(["", "   ", "\t"])("ignores %j", (input) => {
    for (const lang of langs) expect(interpret(input, lang)).toBeNull();
  });
});

// Every spelling of every command answers, in both languages, with its first line.
const commands: [input: string, pt: string, en: string][] = [
  ["help", "Comandos disponíveis:", "Available commands:"],
  ["sobre", "Rafael Werneck: desenvolvedor full-stack", "Rafael Werneck: full-stack developer"],
  ["about", "Rafael Werneck: desenvolvedor full-stack", "Rafael Werneck: full-stack developer"],
  ["projetos", "Projetos:", "Projects:"],
  ["projects", "Projetos:", "Projects:"],
  ["contato", "E-mail: contato@rafaelwerneck.dev", "E-mail: contato@rafaelwerneck.dev"],
  ["contact", "E-mail: contato@rafaelwerneck.dev", "E-mail: contato@rafaelwerneck.dev"],
  ["empresas", "Empresas:", "Companies:"],
  ["companies", "Empresas:", "Companies:"],
  ["servicos", "Serviços:", "Services:"],
  ["serviços", "Serviços:", "Services:"],
  ["services", "Serviços:", "Services:"],
  ["blog", "Artigos sobre", "Articles on"],
  ["certificados", "Certificações em", "Certifications in"],
  ["certificates", "Certificações em", "Certifications in"],
  ["whoami", "visitante", "visitor"],
];

describe("interpret: commands", () => {
  it.each(commands)("%s answers in both languages", (input, pt, en) => {
    for (const [lang, first] of [
      ["pt", pt],
      ["en", en],
    ] as const) {
      const result = interpret(input, lang);
      expect(result?.lines[0]).toContain(first);
      expect(result?.navigate).toBeUndefined();
      expect(result?.clear).toBeUndefined();
    }
  });

  it.each(commands)("%s is trimmed and case-insensitive", (input) => {
    expect(interpret(`  ${input.toUpperCase()}  `, "en")).toEqual(interpret(input, "en"));
  });

  it("help lists every command, open and cd in the current language", () => {
    const pt = interpret("help", "pt")?.lines.join("\n") ?? "";
    for (const word of [
      "sobre",
      "projetos",
      "contato",
      "empresas",
      "servicos",
      "blog",
      "certificados",
      "whoami",
      "clear",
      "open <página>",
      "cd <página>",
      "cd /projetos",
      "Páginas: contato, projetos, sobre, empresas, servicos, blog, certificados",
    ]) {
      expect(pt).toContain(word);
    }
    const en = interpret("help", "en")?.lines.join("\n") ?? "";
    for (const word of [
      "about",
      "projects",
      "contact",
      "companies",
      "services",
      "certificates",
      "cd <page>",
      "cd /projects",
      "Pages: contact, projects, about, companies, services, blog, certificates",
    ]) {
      expect(en).toContain(word);
    }
  });

  it("help has no word longer than a phone's line, so a narrow window wraps it between words", () => {
    for (const lang of langs) {
      const words = (interpret("help", lang)?.lines ?? []).flatMap((line) => line.trim().split(/\s+/));
      expect(words.filter((word) => word.length > 24)).toEqual([]);
    }
  });

  it("projects and companies list the site's own content", () => {
    const lines = interpret("projects", "en")?.lines.join("\n") ?? "";
    for (const project of projects) expect(lines).toContain(project.title.en);
    const pt = interpret("empresas", "pt")?.lines.join("\n") ?? "";
    for (const company of companies) expect(pt).toContain(company.name);
  });

  it("clear wipes the screen and prints nothing", () => {
    for (const lang of langs) expect(interpret("clear", lang)).toEqual({ lines: [], clear: true });
  });
});

describe("interpret: open {page}", () => {
  const pages: [word: string, path: string][] = [
    ["contact", "/contact"],
    ["contato", "/contact"],
    ["projects", "/projects"],
    ["projetos", "/projects"],
    ["about", "/about"],
    ["sobre", "/about"],
    ["companies", "/companies"],
    ["empresas", "/companies"],
    ["services", "/services"],
    ["servicos", "/services"],
    ["blog", "/blog"],
    ["certificates", "/certificates"],
    ["certificados", "/certificates"],
  ];

  it.each(pages)("open %s goes to %s in the current language", (word, path) => {
    expect(interpret(`open ${word}`, "pt")).toEqual({
      lines: [`Redirecionando para ${path}...`],
      navigate: path,
    });
    expect(interpret(`OPEN ${word.toUpperCase()}`, "en")).toEqual({
      lines: [`Redirecting to /en${path}...`],
      navigate: `/en${path}`,
    });
  });

  it("an unknown page is reported as written", () => {
    expect(interpret("open constructor", "en")).toEqual({ lines: ["Page 'constructor' not found"] });
    expect(interpret("open Narnia", "en")).toEqual({ lines: ["Page 'Narnia' not found"] });
    expect(interpret("open narnia", "pt")).toEqual({ lines: ["Página 'narnia' não encontrada"] });
  });

  it("open alone explains its use", () => {
    expect(interpret("open", "en")?.lines).toEqual([
      "Usage: open <page>. Pages: contact, projects, about, companies, services, blog, certificates",
    ]);
    expect(interpret("open", "pt")?.navigate).toBeUndefined();
  });
});

describe("interpret: cd", () => {
  it.each(["/projetos", "/projects", "/PROJECTS", "projetos", "projects/"])("cd %s goes to the projects", (dir) => {
    expect(interpret(`cd ${dir}`, "pt")).toEqual({
      lines: ["Redirecionando para /projects..."],
      navigate: "/projects",
    });
    expect(interpret(`cd ${dir}`, "en")).toEqual({
      lines: ["Redirecting to /en/projects..."],
      navigate: "/en/projects",
    });
  });

  it.each([
    ["/blog", "/blog"],
    ["blog", "/blog"],
    ["/contato", "/contact"],
    ["contact", "/contact"],
    ["/sobre", "/about"],
    ["about/", "/about"],
    ["/empresas", "/companies"],
    ["/servicos", "/services"],
    ["serviços", "/services"],
    ["/certificados", "/certificates"],
    ["Certificates", "/certificates"],
  ])("cd %s goes where open does: %s, in the current language", (dir, path) => {
    expect(interpret(`cd ${dir}`, "pt")).toEqual({ lines: [`Redirecionando para ${path}...`], navigate: path });
    expect(interpret(`cd ${dir}`, "en")).toEqual({ lines: [`Redirecting to /en${path}...`], navigate: `/en${path}` });
  });

  it("an unknown directory is reported as written", () => {
    expect(interpret("cd /", "pt")).toEqual({ lines: ["Diretório '/' não encontrado"] });
    expect(interpret("cd constructor", "en")).toEqual({ lines: ["Directory 'constructor' not found"] });
    expect(interpret("cd /etc", "en")).toEqual({ lines: ["Directory '/etc' not found"] });
    expect(interpret("cd /etc", "pt")).toEqual({ lines: ["Diretório '/etc' não encontrado"] });
    expect(interpret("cd", "en")).toEqual({ lines: ["Directory '' not found"] });
  });
});

describe("interpret: unknown commands", () => {
  it.each(["sudo", "ls -la", "help me", "Rm -Rf /", "constructor", "__proto__", "toString"])(
    "%j is not found",
    (input) => {
      expect(interpret(input, "en")).toEqual({
        lines: [`Command '${input}' not found. Type 'help' to see available commands.`],
      });
      expect(interpret(input, "pt")).toEqual({
        lines: [`Comando '${input}' não encontrado. Digite 'help' para ver os comandos disponíveis.`],
      });
    },
  );
});

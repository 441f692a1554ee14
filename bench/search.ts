/**
 * The blog's search as a reader waits for it: 500 published posts in a fresh
 * embedded database (PGlite), the production server on it, and
 * `/blog/search?q=…` asked for a mix of queries (words most posts have,
 * rare words, several words, words typed without their accents, a word no
 * post has), one request at a time, each timed to the last byte of the page.
 * The p95 of those times is budgeted (BUDGETS.searchP95Ms).
 *
 * Part of `npm run bench`; runs alone with `node bench/search.ts`, on the
 * build in BENCH_BUILD_DIR (built first when there is none).
 */
import { existsSync } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { openDatabase } from "../app/server/db/client.server.ts";
import { blogs, users } from "../app/server/db/schema.ts";
import { BUDGETS } from "./budgets.ts";
import { buildSite } from "./build.ts";
import { installSignalHandlers, onCleanup, runBench } from "./cleanup.ts";
import { readOptions } from "./options.ts";
import type { SearchBenchResult } from "./results.ts";
import { startServer } from "./server.ts";
import { percentile, round } from "./stats.ts";

const POSTS = 500;
const WARMUP_REQUESTS = 30;
const TIMED_REQUESTS = 300;

/** What readers might type: common and rare words, several at once, without accents, nothing found. */
export const SEARCH_QUERIES = [
  "deploy",
  "programacao",
  "banco de dados",
  "typescript react",
  "automação",
  "segurança",
  "nuvem docker custos",
  "testes automatizados",
  "kubernetes",
  "xyzzyquux",
];

// Words of Portuguese technical writing, the most frequent first.
const WORDS = (
  "o a de que e do da em um para com não uma os no se na por mais as dos como mas ao ele das à seu sua ou quando " +
  "muito nos já também só pelo pela até isso entre depois sem mesmo aos seus quem nas esse eles você essa num nem " +
  "deploy servidor aplicação programação código função módulo teste testes automatizados banco dados consulta índice " +
  "desempenho performance segurança autenticação sessão usuário interface componente estado rota página formulário " +
  "validação esquema tipo typescript javascript react node express postgresql docker nuvem custos monitoramento " +
  "backup migração cache memória requisição resposta latência erro exceção log métrica fila tarefa agendamento " +
  "automação robô raspagem navegador integração contínua entrega pipeline versão lançamento produção ambiente " +
  "configuração variável segredo chave token permissão acesso equipe projeto prazo estimativa escopo cliente " +
  "reunião documentação arquitetura camada serviço domínio evento mensagem notificação relatório painel gráfico"
).split(" ");
const TAGS = [
  "typescript",
  "react",
  "node-js",
  "postgresql",
  "docker",
  "devops",
  "testes",
  "carreira",
  "nuvem",
  "bots",
];

/** A small deterministic generator, so every run searches the same posts. */
function random(seed: number) {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * One post of about 900 words in twelve paragraphs (the static articles are
 * 8 to 10 KB of Markdown), with headings, emphasis, a link and a code block as
 * authors write. Words are drawn with a skew, so a few are in nearly every
 * post (a query for them ranks hundreds of posts) and the rest in fewer.
 */
function fakePost(index: number, next: () => number, authorId: string) {
  const pick = () => WORDS[Math.floor(next() ** 2 * WORDS.length)] ?? "código";
  const words = (count: number) => Array.from({ length: count }, pick).join(" ");
  const paragraphs = Array.from({ length: 12 }, () => `${words(75)}.`);
  const title = words(4 + Math.floor(next() * 5));
  return {
    title: title.charAt(0).toUpperCase() + title.slice(1),
    slug: `post-${index}`,
    content: [
      `## ${words(4)}`,
      paragraphs.slice(0, 5).join("\n\n"),
      `Veja **${words(2)}** e [${words(2)}](https://example.com/${index}).`,
      "```ts\nconst resultado = await consulta(banco);\n```",
      `## ${words(3)}`,
      paragraphs.slice(5).join("\n\n"),
    ].join("\n\n"),
    excerpt: index % 2 === 0 ? `${words(25)}.` : null,
    tags: [
      ...new Set(
        Array.from({ length: 2 + Math.floor(next() * 3) }, () => TAGS[Math.floor(next() * TAGS.length)] ?? "nuvem"),
      ),
    ],
    authorId,
    lang: "pt",
    published: true,
    publishedAt: new Date(Date.UTC(2024, 0, 1) + index * 86_400_000),
  };
}

/** Fills a new embedded database in `dataDir` with POSTS published posts (the trigger indexes them). */
export async function seed(dataDir: string): Promise<void> {
  const database = await openDatabase({ dataDir });
  try {
    const [author] = await database.db
      .insert(users)
      .values({ githubId: 1, login: "bench-author" })
      .returning({ id: users.id });
    if (!author) throw new Error("Seeding the search bench: no author row");
    const next = random(9);
    const posts = Array.from({ length: POSTS }, (_, index) => fakePost(index, next, author.id));
    for (let start = 0; start < posts.length; start += 50) {
      await database.db.insert(blogs).values(posts.slice(start, start + 50));
    }
  } finally {
    await database.close();
  }
}

/** Seeds a database in `workDir`, serves `buildDir` on it and times the searches. */
export async function measureSearch(buildDir: string, workDir: string): Promise<SearchBenchResult> {
  const dataDir = path.join(workDir, "data-search");
  await seed(dataDir);
  // It measures the search, asked for from one address far faster than a person would: no limit.
  const server = await startServer({ buildDir, dataDir, env: { SEARCH_RATE_LIMIT: "0" } });
  try {
    const ask = async (index: number) => {
      const query = SEARCH_QUERIES[index % SEARCH_QUERIES.length] ?? "deploy";
      const started = performance.now();
      const response = await fetch(`${server.origin}/blog/search?q=${encodeURIComponent(query)}`, {
        headers: { "accept-encoding": "gzip, deflate, br" },
      });
      await response.arrayBuffer();
      return { ms: performance.now() - started, ok: response.status === 200 };
    };
    for (let index = 0; index < WARMUP_REQUESTS; index++) await ask(index);
    const times: number[] = [];
    let failures = 0;
    for (let index = 0; index < TIMED_REQUESTS; index++) {
      const { ms, ok } = await ask(index);
      times.push(ms);
      if (!ok) failures++;
    }
    times.sort((a, b) => a - b);
    return {
      posts: POSTS,
      requests: TIMED_REQUESTS,
      queries: SEARCH_QUERIES,
      latencyP50: round(percentile(times, 50), 1),
      latencyP95: round(percentile(times, 95), 1),
      latencyMax: round(times.at(-1) ?? 0, 1),
      failures,
    };
  } finally {
    await server.child.stop();
  }
}

/** `node bench/search.ts`: this measurement alone, against its budget. */
async function main(): Promise<number> {
  installSignalHandlers();
  const buildDir = path.resolve(readOptions().buildDir);
  if (!existsSync(path.join(buildDir, "server", "main.js"))) {
    console.info(`No build in ${buildDir}; building…`);
    await buildSite(buildDir);
  }
  const workDir = await mkdtemp(path.join(os.tmpdir(), "portfolio-bench-search-"));
  onCleanup(() => rm(workDir, { recursive: true, force: true }));
  const result = await measureSearch(buildDir, workDir);
  const pass = result.failures === 0 && result.latencyP95 <= BUDGETS.searchP95Ms;
  console.info(
    `Search over ${result.posts} posts on PGlite, ${result.requests} requests: p50 ${result.latencyP50} ms, ` +
      `p95 ${result.latencyP95} ms, max ${result.latencyMax} ms, ${result.failures} failed; ` +
      `budget p95 <= ${BUDGETS.searchP95Ms} ms: ${pass ? "PASS" : "FAIL"}`,
  );
  return pass ? 0 : 1;
}

if (import.meta.main) await runBench("The search bench", main);

/**
 * The server loads its heavy libraries only when a request needs them: the
 * database driver of the engine in use, the image libraries with the first
 * upload, the SMTP library with the first e-mail, the Markdown pipeline with
 * the first body to render, satori with the first link-preview image, Fedify
 * with the fediverse's first request or the first activity to send. Each
 * mock below records that its module was loaded and then hands over the real
 * module.
 */
import { mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it, vi } from "vitest";
import { limit } from "../harness/host-speed.ts";
import { openMigratedPglite } from "../harness/migrated-pglite.ts";

const loaded = vi.hoisted(() => new Set<string>());
vi.mock("@electric-sql/pglite", async (original) => {
  loaded.add("@electric-sql/pglite");
  return original();
});
vi.mock("pg", async (original) => {
  loaded.add("pg");
  return original();
});
vi.mock("sharp", async (original) => {
  loaded.add("sharp");
  return original();
});
vi.mock("file-type", async (original) => {
  loaded.add("file-type");
  return original();
});
vi.mock("nodemailer", async (original) => {
  loaded.add("nodemailer");
  return original();
});
vi.mock("unified", async (original) => {
  loaded.add("unified");
  return original();
});
vi.mock("satori", async (original) => {
  loaded.add("satori");
  return original();
});
vi.mock("@fedify/fedify", async (original) => {
  loaded.add("@fedify/fedify");
  return original();
});
vi.mock("@fedify/vocab", async (original) => {
  loaded.add("@fedify/vocab");
  return original();
});
vi.mock("aws4fetch", async (original) => {
  loaded.add("aws4fetch");
  return original();
});

// A 1×1 PNG, written out so that making it loads no image library.
const onePixelPng = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAIAAACQd1PeAAAADElEQVR4nGNgYGAAAAAEAAH2FzhVAAAAAElFTkSuQmCC",
  "base64",
);

describe("heavy libraries load on first use", () => {
  const dirs: string[] = [];
  afterAll(() => {
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  });

  it(
    "opens the embedded database without loading the PostgreSQL client",
    async () => {
      await import("../../app/server/db/client.server.ts");
      expect(loaded.has("@electric-sql/pglite")).toBe(false);
      const dir = mkdtempSync(path.join(tmpdir(), "portfolio-lazy-"));
      dirs.push(dir);
      // A fresh database from the run's migrated one (whose making may load PGlite here, never the client).
      const database = await openMigratedPglite(dir);
      await database.close();
      expect(loaded.has("@electric-sql/pglite")).toBe(true);
      expect(loaded.has("pg")).toBe(false);
    },
    limit(60_000),
  );

  it("loads sharp and file-type with the first cover, not with the upload code", async () => {
    const { processCoverImage } = await import("../../app/server/uploads/cover-image.server.ts");
    await import("../../app/server/blog/covers.server.ts");
    expect(loaded.has("sharp")).toBe(false);
    expect(loaded.has("file-type")).toBe(false);
    const result = await processCoverImage(onePixelPng);
    expect(result).toMatchObject({ ok: true, extension: "png", width: 1, height: 1 });
    expect(loaded.has("file-type")).toBe(true);
    expect(loaded.has("sharp")).toBe(true);
  });

  it("loads nodemailer with the first e-mail, not when SMTP is configured", async () => {
    const { smtpMailer } = await import("../../app/server/contact/mailer.server.ts");
    // Nothing listens on port 9 of loopback: the send fails fast, after the library has loaded.
    const mailer = smtpMailer(
      { host: "127.0.0.1", port: 9, secure: false, auth: null, from: "site@example.com" },
      "me@example.com",
    );
    expect(loaded.has("nodemailer")).toBe(false);
    const message = {
      id: "00000000-0000-4000-8000-000000000000",
      name: "Ana",
      email: "ana@example.com",
      message: "Olá",
      lang: "pt",
      createdAt: new Date(),
    } as Parameters<typeof mailer.send>[0];
    await expect(mailer.send(message)).rejects.toThrow(/ECONNREFUSED/);
    expect(loaded.has("nodemailer")).toBe(true);
    mailer.close();
  });

  it("loads the Markdown pipeline with the first body to render, not with the blog's modules or the webmentions'", async () => {
    const { renderCached } = await import("../../app/server/blog/render-cache.server.ts");
    await import("../../app/server/blog/public-posts.server.ts");
    await import("../../app/routes/admin-blog-preview.ts");
    await import("../../app/server/webmention/settings.server.ts");
    expect(loaded.has("unified")).toBe(false);
    expect((await renderCached("lazy:1", "*hi*", "en")).html).toBe("<p><em>hi</em></p>");
    expect(loaded.has("unified")).toBe(true);
  });

  it("loads the S3 client only when the s3 storage driver opens", async () => {
    const { openStorage } = await import("../../app/server/uploads/storage.server.ts");
    const dir = mkdtempSync(path.join(tmpdir(), "portfolio-lazy-"));
    dirs.push(dir);
    await openStorage({ driver: "disk", root: dir });
    expect(loaded.has("aws4fetch")).toBe(false);
    const s3 = {
      endpoint: "http://127.0.0.1:9",
      region: "auto",
      bucket: "lazy",
      accessKeyId: "a",
      secretAccessKey: "b",
    };
    await openStorage({ driver: "s3", ...s3, forcePathStyle: true });
    expect(loaded.has("aws4fetch")).toBe(true);
  });

  it(
    "loads satori with the first link-preview image, not with its route or the clean-up",
    async () => {
      await import("../../app/routes/og-image.ts");
      const { sweepOgImages } = await import("../../app/server/blog/og-images.server.ts");
      const { drawOgImage } = await import("../../app/server/blog/og-image-draw.server.ts");
      expect(typeof sweepOgImages).toBe("function");
      expect(loaded.has("satori")).toBe(false);
      const png = await drawOgImage({ lang: "en", title: "Lazy", tags: [], publishedAt: "2026-01-01" });
      expect(png.byteLength).toBeGreaterThan(1000);
      expect(loaded.has("satori")).toBe(true);
    },
    limit(30_000),
  );

  it(
    "loads Fedify when the fediverse is first asked for, not with its start, its doorway, the routes or a quiet round",
    async () => {
      await import("../../http-server/federation.ts");
      // Every route module, as React Router's server build loads them all at start.
      const routes = path.join(import.meta.dirname, "../../app/routes");
      for (const file of readdirSync(routes).filter((name) => /\.tsx?$/.test(name)))
        await import(path.join(routes, file));
      const { startFediverse } = await import("../../app/server/fediverse/start.server.ts");
      const dir = mkdtempSync(path.join(tmpdir(), "portfolio-lazy-"));
      dirs.push(dir);
      const database = await openMigratedPglite(dir);
      try {
        const { services, worker } = startFediverse({
          db: database.db,
          origin: "http://127.0.0.1:9",
          allowPrivate: true,
          leaseMs: 1000,
          smtp: null,
          authorMail: "author@example.com",
        });
        // The worker's first round runs at once; stopping waits for it. It found nothing to send.
        await worker.stop();
        const { federationStartedAt } = await import("../../app/server/fediverse/federated-posts.server.ts");
        const started = new Date(Date.now() + 60_000);
        expect((await federationStartedAt(database.db, started)).getTime()).toBeLessThan(started.getTime());
        expect(loaded.has("@fedify/fedify")).toBe(false);
        expect(loaded.has("@fedify/vocab")).toBe(false);
        const federation = await services.federation();
        expect(loaded.has("@fedify/fedify")).toBe(true);
        // Made once: every caller gets the same federation.
        expect(await services.federation()).toBe(federation);
      } finally {
        await database.close();
      }
    },
    limit(60_000),
  );
});

/**
 * The fediverse's own requests go through the guard at the connection, on
 * each engine: Fedify's document loader (an actor, a key, a Note from its
 * origin) and a delivery to an inbox, both for a host whose DNS answer
 * points at loopback where a server listens. Refused without
 * FEDERATION_ALLOW_PRIVATE (nothing reaches the server, the delivery
 * records why), reached with it.
 */
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { OpenDatabase } from "../../app/server/db/client.server.ts";
import { fediverseDeliveries } from "../../app/server/db/schema.ts";
import { queueActivity } from "../../app/server/fediverse/deliveries.server.ts";
import { createSiteFederation } from "../../app/server/fediverse/federation.server.ts";
import { fediverseRound } from "../../app/server/fediverse/worker.server.ts";
import { limit } from "../harness/host-speed.ts";
import { engines, engineTitle } from "./helpers/databases.ts";

const origin = "https://blog.example";
/** Every name resolves to loopback, as a hostile DNS answer would. */
const toLoopback = async () => [{ address: "127.0.0.1", family: 4 }];

for (const engine of engines) {
  describe.skipIf(engine.skip !== undefined)(`the fediverse's requests and the guard on ${engineTitle(engine)}`, () => {
    let database: OpenDatabase;
    let server: Server;
    let remote = "";
    const seen: { method: string; path: string; signature: string }[] = [];

    beforeAll(async () => {
      database = await engine.open();
      server = createServer((req, res) => {
        seen.push({ method: req.method ?? "", path: req.url ?? "", signature: String(req.headers.signature ?? "") });
        if (req.method === "POST") return void res.writeHead(202).end();
        res.writeHead(200, { "Content-Type": "application/activity+json" }).end(
          JSON.stringify({
            "@context": "https://www.w3.org/ns/activitystreams",
            id: `${remote}/notes/1`,
            type: "Note",
            content: "<p>Inside the network</p>",
          }),
        );
      });
      await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
      // A public-looking name: only its DNS answer says loopback.
      remote = `http://peer.example:${(server.address() as AddressInfo).port}`;
    }, limit(60_000));

    afterAll(async () => {
      server?.closeAllConnections();
      await new Promise((resolve) => server?.close(resolve));
      await database?.close();
    });

    it("Fedify's documents: a name that resolves to loopback is refused, and read only when private addresses are allowed", async () => {
      const closed = createSiteFederation({
        db: database.db,
        origin,
        allowPrivate: false,
        resolve: toLoopback,
        wake: () => undefined,
      });
      const context = closed.createContext(new URL(origin), {});
      await expect(context.documentLoader(`${remote}/notes/1`)).rejects.toThrow(/127\.0\.0\.1 is not a public address/);
      expect(await context.lookupObject(`${remote}/notes/1`)).toBeNull();
      expect(seen).toEqual([]);
      const open = createSiteFederation({
        db: database.db,
        origin,
        allowPrivate: true,
        resolve: toLoopback,
        wake: () => undefined,
      });
      const note = await open.createContext(new URL(origin), {}).lookupObject(`${remote}/notes/1`);
      expect(note?.id?.href).toBe(`${remote}/notes/1`);
      expect(seen.map((request) => request.path)).toEqual(["/notes/1"]);
      seen.length = 0;
    });

    it("a delivery to an inbox whose name resolves to loopback is refused and recorded; allowed, it arrives signed", async () => {
      const inbox = `${remote}/inbox`;
      const { id } = await queueActivity(
        database.db,
        { lang: "en", type: "Create", body: JSON.stringify({ type: "Create" }) },
        [inbox],
      );
      const round = (allowPrivate: boolean) => {
        const federation = createSiteFederation({
          db: database.db,
          origin,
          allowPrivate,
          resolve: toLoopback,
          wake: () => undefined,
        });
        return fediverseRound({
          db: database.db,
          federation: async () => federation,
          origin,
          allowPrivate,
          resolve: toLoopback,
          leaseMs: 60_000,
        });
      };
      expect((await round(false)).sent).toBe(0);
      const [refused] = await database.db
        .select()
        .from(fediverseDeliveries)
        .where(eq(fediverseDeliveries.activityId, id));
      expect(refused?.lastError).toMatch(/127\.0\.0\.1 is not a public address/);
      expect(refused?.deliveredAt).toBeNull();
      expect(seen).toEqual([]);
      // Due again at once, and this time the same answer may be connected to.
      await database.db
        .update(fediverseDeliveries)
        .set({ nextAttemptAt: new Date(0) })
        .where(eq(fediverseDeliveries.activityId, id));
      expect((await round(true)).sent).toBe(1);
      expect(seen).toEqual([{ method: "POST", path: "/inbox", signature: expect.stringContaining('keyId="') }]);
    });
  });
}

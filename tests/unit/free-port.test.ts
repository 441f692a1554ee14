import { createServer } from "node:net";
import { expect, it } from "vitest";
import { freePort, freePorts } from "../../tools/processes/free-port.ts";

const listenable = (port: number) =>
  new Promise<boolean>((resolve) => {
    const server = createServer();
    server.once("error", () => resolve(false));
    server.listen(port, "127.0.0.1", () => server.close(() => resolve(true)));
  });

it("gives ports that differ from each other, each free once given", async () => {
  for (let round = 0; round < 20; round++) {
    const ports = await freePorts(4);
    expect(new Set(ports).size).toBe(4);
    for (const port of ports) expect(await listenable(port)).toBe(true);
  }
  expect(await listenable(await freePort())).toBe(true);
});

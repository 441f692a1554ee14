/** Ports for a server of the tools, the bench or a test, chosen by the system. */
import { createServer, type Server } from "node:net";

/** Listens on a port the system picks on loopback; resolves with the server holding it. */
function probe(): Promise<Server> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => resolve(server));
  });
}

/**
 * `count` different ports nobody listens on right now, on loopback. Each is held until all are chosen: a port
 * released before the next is asked for can be picked again (a server once got the same port for its site and its
 * metrics, and refused to start).
 */
export async function freePorts(count: 2): Promise<[number, number]>;
export async function freePorts(count: 3): Promise<[number, number, number]>;
export async function freePorts(count: number): Promise<number[]>;
export async function freePorts(count: number): Promise<number[]> {
  const held: Server[] = [];
  try {
    for (let n = 0; n < count; n++) held.push(await probe());
    return held.map((server) => {
      const address = server.address();
      return typeof address === "object" && address ? address.port : 0;
    });
  } finally {
    await Promise.all(held.map((server) => new Promise((resolve) => server.close(resolve))));
  }
}

/** A port nobody listens on right now, on loopback. */
export async function freePort(): Promise<number> {
  const [port = 0] = await freePorts(1);
  return port;
}

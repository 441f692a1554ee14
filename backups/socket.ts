/**
 * How `npm run backup` asks a running server for a backup of the embedded
 * database, which only the server may open: a Unix socket,
 * `DATA_DIR/backup.sock`, mode 0600 (only the server's user, and root, may
 * connect). The command sends `backup\n`; the server answers with frames
 * (one type byte, a 4-byte big-endian length, the payload): `d` bytes of
 * the archive, `p` a progress line, then `k` the manifest (JSON) or `e` an
 * error message. The command writes the file itself, where it may write;
 * the server writes nothing.
 */

import { chmodSync, rmSync } from "node:fs";
import net from "node:net";
import path from "node:path";
import { logError } from "../app/server/log.server.ts";
import type { ArchiveSink } from "./archive.ts";

export const BACKUP_SOCKET_FILE = "backup.sock";

/** No server answers on the socket: the command may open the database itself. */
export class NoServerError extends Error {}

export function backupSocketPath(dataDir: string): string {
  return path.join(dataDir, BACKUP_SOCKET_FILE);
}

function frame(type: "d" | "p" | "k" | "e", payload: Uint8Array): Uint8Array {
  const framed = Buffer.allocUnsafe(5 + payload.byteLength);
  framed.write(type, 0, "latin1");
  framed.writeUInt32BE(payload.byteLength, 1);
  framed.set(payload, 5);
  return framed;
}

/** Writes and waits for the socket to take more (backpressure), or fails when it closed. */
function send(socket: net.Socket, data: Uint8Array): Promise<void> {
  return new Promise((resolve, reject) => {
    if (socket.destroyed) return reject(new Error("The backup's reader went away"));
    if (socket.write(data)) return resolve();
    const done = (error?: Error) => {
      socket.off("drain", onDrain);
      socket.off("close", onClose);
      if (error) reject(error);
      else resolve();
    };
    const onDrain = () => done();
    const onClose = () => done(new Error("The backup's reader went away"));
    socket.once("drain", onDrain);
    socket.once("close", onClose);
  });
}

/**
 * Listens on `DATA_DIR/backup.sock` (the caller holds the data directory's
 * lock, so a socket file there is a dead server's and is replaced). Each
 * request runs `produce`, one at a time as the caller arranges.
 */
export function listenForBackups(
  dataDir: string,
  produce: (sink: ArchiveSink, progress: (line: string) => void) => Promise<object>,
): Promise<{ close(): Promise<void> }> {
  const file = backupSocketPath(dataDir);
  rmSync(file, { force: true });
  const server = net.createServer((socket) => {
    socket.on("error", () => undefined);
    let request = "";
    const onData = (chunk: Buffer) => {
      request += chunk.toString("utf8");
      if (!request.includes("\n")) {
        if (request.length > 64) socket.destroy();
        return;
      }
      socket.off("data", onData);
      if (request.trim() !== "backup") {
        socket.end(frame("e", Buffer.from(`Unknown request "${request.trim().slice(0, 40)}"`)));
        return;
      }
      const progress = (line: string) => void send(socket, frame("p", Buffer.from(line))).catch(() => undefined);
      produce((chunk) => send(socket, frame("d", chunk)), progress).then(
        (manifest) => socket.end(frame("k", Buffer.from(JSON.stringify(manifest)))),
        (error: unknown) => {
          logError("A backup asked for on the backup socket failed:", error, "backup_failed");
          if (!socket.destroyed)
            socket.end(frame("e", Buffer.from(error instanceof Error ? error.message : String(error))));
        },
      );
    };
    socket.on("data", onData);
  });
  return new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen(file, () => {
      server.off("error", reject);
      chmodSync(file, 0o600);
      resolve({
        close: () =>
          new Promise((done) => {
            server.close(() => done());
            rmSync(file, { force: true });
          }),
      });
    });
  });
}

/**
 * Asks the server holding `dataDir` for a backup and passes the archive's
 * bytes to `sink` as they come.
 * @returns the manifest the server sent at the end
 * @throws NoServerError when no server listens there
 */
export function requestBackup(
  dataDir: string,
  sink: ArchiveSink,
  progress: (line: string) => void = () => undefined,
): Promise<unknown> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(backupSocketPath(dataDir));
    let buffered: Buffer = Buffer.alloc(0);
    let settled = false;
    let manifest: unknown;
    let ended = false;
    let writing = Promise.resolve();
    let queued = 0;
    const fail = (error: Error) => {
      if (settled) return;
      settled = true;
      socket.destroy();
      reject(error);
    };
    socket.once("connect", () => socket.write("backup\n"));
    socket.on("error", (error: NodeJS.ErrnoException) => {
      if (error.code === "ENOENT" || error.code === "ECONNREFUSED")
        fail(new NoServerError(`No server answers on ${backupSocketPath(dataDir)}`));
      else fail(error);
    });
    socket.on("data", (chunk: Buffer) => {
      buffered = buffered.byteLength === 0 ? chunk : Buffer.concat([buffered, chunk]);
      while (buffered.byteLength >= 5) {
        const length = buffered.readUInt32BE(1);
        if (buffered.byteLength < 5 + length) break;
        const type = buffered.toString("latin1", 0, 1);
        const payload = buffered.subarray(5, 5 + length);
        buffered = buffered.subarray(5 + length);
        if (type === "d") {
          const data = Uint8Array.from(payload);
          // Read no more than the sink takes: the server then waits too.
          queued += 1;
          socket.pause();
          writing = writing.then(async () => {
            await sink(data);
            queued -= 1;
            if (queued === 0) socket.resume();
          });
          writing.catch((error: unknown) => fail(error instanceof Error ? error : new Error(String(error))));
        } else if (type === "p") progress(payload.toString("utf8"));
        else if (type === "e") fail(new Error(`The server's backup failed: ${payload.toString("utf8")}`));
        else if (type === "k") {
          ended = true;
          manifest = JSON.parse(payload.toString("utf8"));
        } else fail(new Error("The server sent something that is not a backup"));
      }
    });
    socket.once("close", () => {
      if (!ended) {
        fail(new Error("The server closed the backup's connection before its end (see the server's log)"));
        return;
      }
      writing.then(
        () => {
          if (settled) return;
          settled = true;
          resolve(manifest);
        },
        (error: unknown) => fail(error instanceof Error ? error : new Error(String(error))),
      );
    });
  });
}

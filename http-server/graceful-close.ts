/**
 * Every answer reaches its client, even one sent before the request has
 * finished arriving: a refused body, or a request Node's HTTP parser refuses
 * (an unknown method, a malformed header, headers over the limit, a request
 * too slow to arrive).
 *
 * Node destroys a connection as soon as its last answer is written. If the
 * client is still sending (a body nobody read), the unread bytes make the
 * kernel reset the connection, and a reset can reach the client before it has
 * read the answer: the client sees a broken connection instead of a 413 or a
 * 400. Here such a connection is closed the way web servers close it (a
 * lingering close): the write side is closed after the answer, and what the
 * client still sends is read and dropped until it closes its side or
 * LINGER_MS have passed.
 */
import type { Server } from "node:http";
import type { Socket } from "node:net";

/** The longest a connection is read and dropped after its last answer. */
export const LINGER_MS = 2_000;

const STATUS_LINES: Record<string, string> = {
  HPE_HEADER_OVERFLOW: "431 Request Header Fields Too Large",
  HPE_CHUNK_EXTENSIONS_OVERFLOW: "413 Payload Too Large",
  ERR_HTTP_REQUEST_TIMEOUT: "408 Request Timeout",
};

/** The status Node answers a parser error with. */
export function refusalStatusLine(code: string | undefined): string {
  return STATUS_LINES[code ?? ""] ?? "400 Bad Request";
}

export function closeConnectionsGracefully(server: Server, lingerMs = LINGER_MS): void {
  const lingering = new WeakSet<Socket>();
  const linger = (socket: Socket) => {
    if (lingering.has(socket)) return;
    lingering.add(socket);
    const timer = setTimeout(() => socket.destroy(), lingerMs);
    timer.unref();
    socket.once("close", () => clearTimeout(timer));
    // Once the client has closed its side too (at once if it already has) and the answer is
    // written, nothing is left to read or to send.
    const close = () => {
      if (socket.writableFinished) socket.destroy();
      else socket.once("finish", () => socket.destroy());
    };
    if (socket.readableEnded) close();
    else socket.once("end", close);
    socket.on("data", () => undefined);
    socket.end();
    socket.resume();
  };

  server.on("connection", (socket: Socket) => {
    // What the HTTP server calls once a connection's last answer is written.
    socket.destroySoon = () => linger(socket);
  });

  server.on("clientError", (error: NodeJS.ErrnoException, socket: Socket) => {
    // Already closing; the parser reports again for what arrives after its error.
    if (lingering.has(socket)) return;
    if (!socket.writable || error.code === "ECONNRESET") {
      socket.destroy();
      return;
    }
    // The HTTP server's reader would hand each later piece to the failed parser.
    socket.removeAllListeners("data");
    // A response under way on this connection (the HTTP server's `_httpMessage` until it is finished, the
    // same test Node makes) cannot be followed by a second status line; after a finished one it can.
    const inFlight = (socket as Socket & { _httpMessage?: unknown })._httpMessage;
    if (socket.bytesWritten === 0 || !inFlight)
      socket.write(`HTTP/1.1 ${refusalStatusLine(error.code)}\r\nConnection: close\r\nContent-Length: 0\r\n\r\n`);
    linger(socket);
  });
}

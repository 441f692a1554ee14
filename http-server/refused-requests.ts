/**
 * Requests that Node's HTTP parser refuses (an unknown method, a malformed
 * header, headers over the limit, a request too slow to arrive) are answered as
 * Node answers them, but the connection is closed gracefully.
 *
 * Node's own answer writes the status line and destroys the socket at once. If
 * the client is still sending (a body behind a refused request line), the unread
 * bytes make the kernel reset the connection, and a reset can reach the client
 * before it has read the answer: the client then sees a broken connection, not a
 * 400. Here the answer is sent with the write side closed, and what the client
 * still sends is read and dropped until it stops or LINGER_MS have passed (what
 * web servers call a lingering close), so the answer arrives.
 */
import type { Server } from "node:http";
import type { Socket } from "node:net";

/** The longest a refused connection is read and dropped after its answer. */
export const LINGER_MS = 2_000;

const STATUS_LINES: Record<string, string> = {
  HPE_HEADER_OVERFLOW: "431 Request Header Fields Too Large",
  HPE_CHUNK_EXTENSIONS_OVERFLOW: "413 Payload Too Large",
  ERR_HTTP_REQUEST_TIMEOUT: "408 Request Timeout",
};

/** The status Node would answer a parser error with. */
export function refusalStatusLine(code: string | undefined): string {
  return STATUS_LINES[code ?? ""] ?? "400 Bad Request";
}

export function closeRefusedRequestsGracefully(server: Server, lingerMs = LINGER_MS): void {
  const lingering = new WeakSet<Socket>();
  server.on("clientError", (error: NodeJS.ErrnoException, socket: Socket) => {
    // The parser reports again for every piece that arrives after its error.
    if (lingering.has(socket)) return;
    if (!socket.writable || error.code === "ECONNRESET") {
      socket.destroy();
      return;
    }
    lingering.add(socket);
    // The HTTP server's reader would hand each later piece to the failed parser.
    socket.removeAllListeners("data");
    socket.on("data", () => undefined);
    socket.once("end", () => socket.destroy());
    const timer = setTimeout(() => socket.destroy(), lingerMs);
    timer.unref();
    socket.once("close", () => clearTimeout(timer));
    // A response already under way on this connection cannot be followed by a second status line.
    if (socket.bytesWritten === 0) {
      socket.end(`HTTP/1.1 ${refusalStatusLine(error.code)}\r\nConnection: close\r\nContent-Length: 0\r\n\r\n`);
    } else {
      socket.end();
    }
    socket.resume();
  });
}

import { type ChildProcess, spawn } from "node:child_process";
import { connect } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { refusalStatusLine } from "../../http-server/graceful-close.ts";

const moduleUrl = new URL("../../http-server/graceful-close.ts", import.meta.url).href;

// The server runs in a process of its own: a reset only overtakes the answer when the client's
// and the server's event loops are not the same one.
const serverScript = `
import { createServer } from "node:http";
import { closeConnectionsGracefully } from ${JSON.stringify(moduleUrl)};
const server = createServer((request, response) => {
  // A request to /refused is answered at once, its body left unread.
  if (request.url === "/refused") { response.statusCode = 413; response.end("too large"); return; }
  request.resume();
  request.on("end", () => response.end("ok"));
});
closeConnectionsGracefully(server);
server.listen(0, "127.0.0.1", () => console.log(server.address().port));
`;

let child: ChildProcess;
let port: number;

beforeAll(async () => {
  child = spawn(process.execPath, ["--input-type=module", "-e", serverScript], {
    stdio: ["ignore", "pipe", "inherit"],
  });
  port = await new Promise<number>((resolve, reject) => {
    child.stdout?.once("data", (chunk: Buffer) => resolve(Number(chunk.toString().trim())));
    child.once("exit", (code) => reject(new Error(`the server exited (${code})`)));
  });
});

afterAll(() => {
  child.kill();
});

/** Writes a whole request at once, as a client that does not wait for an early answer, and reads what comes back. */
function send(method: string, body: Buffer, target = "/x"): Promise<string> {
  return new Promise((resolve) => {
    const socket = connect(port, "127.0.0.1");
    const chunks: Buffer[] = [];
    socket.on("data", (chunk) => chunks.push(chunk));
    socket.on("error", () => undefined);
    socket.on("close", () => resolve(Buffer.concat(chunks).toString("latin1")));
    socket.write(
      Buffer.concat([
        Buffer.from(
          `${method} ${target} HTTP/1.1\r\nHost: a\r\nConnection: close\r\nContent-Length: ${body.length}\r\n\r\n`,
        ),
        body,
      ]),
    );
  });
}

const statusLine = (answer: string) => answer.split("\r\n")[0];

describe("an answer sent before the request has arrived", () => {
  it("reaches a client still sending a large body the server did not read", async () => {
    const body = Buffer.alloc(4_000_000, 97);
    const answers = [];
    for (let i = 0; i < 20; i++) answers.push(await send("POST", body, "/refused"));
    expect(answers.map(statusLine)).toEqual(Array(20).fill("HTTP/1.1 413 Payload Too Large"));
    expect(answers[0]).toMatch(/\r\n\r\ntoo large$/);
  });
});

describe("a request the parser refuses", () => {
  it("gets its answer even while its client is still sending a large body", async () => {
    const body = Buffer.alloc(4_000_000, 97);
    const answers = [];
    for (let i = 0; i < 20; i++) answers.push(await send("FOO", body));
    expect(answers.map(statusLine)).toEqual(Array(20).fill("HTTP/1.1 400 Bad Request"));
    expect(answers[0]).toContain("Connection: close");
  });

  it("leaves requests the parser accepts alone", async () => {
    expect(await send("POST", Buffer.alloc(100_000, 97))).toMatch(/^HTTP\/1\.1 200 OK[\s\S]*\r\n\r\nok$/);
  });

  it("is answered after an earlier request's answer on the same connection", async () => {
    const answer = await new Promise<string>((resolve) => {
      const socket = connect(port, "127.0.0.1");
      const chunks: Buffer[] = [];
      socket.on("error", () => undefined);
      socket.on("close", () => resolve(Buffer.concat(chunks).toString("latin1")));
      socket.on("data", (chunk) => {
        chunks.push(chunk);
        // The first answer is in: the next request on this connection is one the parser refuses.
        if (chunks.length === 1) socket.write("FOO /x HTTP/1.1\r\nHost: a\r\n\r\n");
      });
      socket.write("GET /x HTTP/1.1\r\nHost: a\r\nContent-Length: 0\r\n\r\n");
    });
    expect(answer.match(/HTTP\/1\.1 \d{3} [^\r]*/g)).toEqual(["HTTP/1.1 200 OK", "HTTP/1.1 400 Bad Request"]);
  });

  it("is answered with the status Node would give it", () => {
    expect(refusalStatusLine("HPE_HEADER_OVERFLOW")).toBe("431 Request Header Fields Too Large");
    expect(refusalStatusLine("ERR_HTTP_REQUEST_TIMEOUT")).toBe("408 Request Timeout");
    expect(refusalStatusLine("HPE_INVALID_METHOD")).toBe("400 Bad Request");
    expect(refusalStatusLine(undefined)).toBe("400 Bad Request");
  });
});

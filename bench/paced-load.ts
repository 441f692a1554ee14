/**
 * A load at a fixed pace: requests due on a schedule, evenly spaced at `rate`
 * a second, sent over `connections` keep-alive connections whatever the
 * answers' times, each timed from the moment it was due. A server that falls
 * behind is charged for the wait of every request due meanwhile (no
 * coordinated omission), which a load that waits for each answer before the
 * next request cannot see. Plain HTTP/1.1 over `net`, one request at a time
 * per connection, so the load itself costs little of the host: the answers
 * must carry a Content-Length, as the site's pages and their data do.
 */
import net from "node:net";

export interface PacedRequest {
  path: string;
  headers: Record<string, string>;
}

export interface PacedAnswer {
  requests: number;
  answered200: number;
  errors: number;
  seconds: number;
  /**
   * The latencies of the answers 200, in ms, sorted: from the moment the load found each request due (at most a timer's
   * lateness after it was) to its last byte, so a request that waited for a free connection is charged for the wait.
   */
  times: number[];
  /** The most requests that were due and not yet sent at one time. */
  mostWaiting: number;
}

const HEADER_END = Buffer.from("\r\n\r\n");
const NOTHING = Buffer.alloc(0);
/** Each connection reads into one buffer of its own, again and again: the answers' bytes allocate nothing. */
const READ_BUFFER_BYTES = 64 * 1024;

/** One keep-alive connection: a request at a time, its answer read up to its Content-Length. */
class Connection {
  readonly socket: net.Socket;
  #buffered: Buffer = NOTHING;
  #bodyLeft = -1;
  #status = 0;
  #done: ((status: number) => void) | undefined;
  #failed: ((error: Error) => void) | undefined;

  constructor(socket: net.Socket) {
    this.socket = socket;
    socket.setNoDelay(true);
    const fail = (error: Error) => {
      const failed = this.#failed;
      this.#done = undefined;
      this.#failed = undefined;
      failed?.(error);
    };
    socket.on("error", fail);
    socket.on("close", () => fail(new Error("the connection closed")));
  }

  send(request: Buffer): Promise<number> {
    return new Promise((resolve, reject) => {
      this.#done = resolve;
      this.#failed = reject;
      this.#buffered = NOTHING;
      this.#bodyLeft = -1;
      this.socket.write(request);
    });
  }

  /** What the socket read, in its reused buffer: anything kept past this call is copied. */
  read(chunk: Buffer) {
    if (this.#bodyLeft < 0) {
      const head = this.#buffered.length === 0 ? chunk : Buffer.concat([this.#buffered, chunk]);
      const end = head.indexOf(HEADER_END);
      if (end === -1) {
        this.#buffered = Buffer.from(head);
        return;
      }
      const text = head.subarray(0, end).toString("latin1");
      this.#status = Number(text.slice(9, 12));
      const length = /\r\ncontent-length:\s*(\d+)/i.exec(text)?.[1];
      if (length === undefined) {
        this.socket.destroy(new Error(`An answer without a Content-Length: ${text.split("\r\n")[0]}`));
        return;
      }
      this.#bodyLeft = Number(length) - (head.length - end - HEADER_END.length);
      this.#buffered = NOTHING;
    } else {
      this.#bodyLeft -= chunk.length;
    }
    if (this.#bodyLeft <= 0) {
      const done = this.#done;
      this.#done = undefined;
      this.#failed = undefined;
      this.#bodyLeft = -1;
      done?.(this.#status);
    }
  }
}

function connect(host: string, port: number): Promise<Connection> {
  return new Promise((resolve, reject) => {
    let connection: Connection | undefined;
    const socket = net.connect(
      {
        host,
        port,
        onread: {
          buffer: Buffer.allocUnsafe(READ_BUFFER_BYTES),
          callback: (bytes, buffer) => {
            // The buffer given above, a Buffer (the option's type says only Uint8Array).
            connection?.read((buffer as Buffer).subarray(0, bytes));
            return true;
          },
        },
      },
      () => {
        socket.off("error", reject);
        connection = new Connection(socket);
        resolve(connection);
      },
    );
    socket.once("error", reject);
  });
}

const encoded = new WeakMap<PacedRequest, Buffer>();
const encode = (host: string, { path, headers }: PacedRequest) =>
  Buffer.from(
    `GET ${path} HTTP/1.1\r\nhost: ${host}\r\n${Object.entries(headers)
      .map(([name, value]) => `${name}: ${value}\r\n`)
      .join("")}\r\n`,
    "latin1",
  );

/** A request's bytes, made once per request object (a load sends the same few again and again). */
function requestBytes(host: string, request: PacedRequest): Buffer {
  let bytes = encoded.get(request);
  if (!bytes) {
    bytes = encode(host, request);
    encoded.set(request, bytes);
  }
  return bytes;
}

/** Keep-alive connections to one server, kept from one load to the next (a load then meets them open and warm). */
export class PacedClient {
  readonly #url: URL;
  readonly #free: Connection[];

  private constructor(url: URL, free: Connection[]) {
    this.#url = url;
    this.#free = free;
  }

  static async open(url: string, connections: number): Promise<PacedClient> {
    const address = new URL(url);
    const free = await Promise.all(Array.from({ length: connections }, () => PacedClient.#connect(address)));
    return new PacedClient(address, free);
  }

  static #connect(url: URL) {
    return connect(url.hostname, Number(url.port || 80));
  }

  close() {
    for (const connection of this.#free) connection.socket.destroy();
  }

  /** Runs a load to its last answer: `amount` requests due at `rate` a second. */
  async load(rate: number, amount: number, request: (n: number) => PacedRequest): Promise<PacedAnswer> {
    const free = this.#free;
    const { host } = this.#url;
    const times: number[] = [];
    /** Requests due and not yet sent, with the moment each was found due. */
    const waiting: { n: number; noticed: number }[] = [];
    let sent = 0;
    let answered = 0;
    let answered200 = 0;
    let errors = 0;
    let mostWaiting = 0;
    const started = performance.now();
    const dueAt = (n: number) => started + (n * 1000) / rate;

    return new Promise((resolve, reject) => {
      const answer = () => {
        answered += 1;
        if (answered < amount) return dispatch();
        times.sort((a, b) => a - b);
        resolve({
          requests: sent,
          answered200,
          errors,
          seconds: (performance.now() - started) / 1000,
          times,
          mostWaiting,
        });
      };
      const dispatch = () => {
        while (waiting.length > 0 && free.length > 0) {
          // The connection free longest first: every connection is used, none left to the server's idle timeout.
          const connection = free.shift() as Connection;
          if (connection.socket.destroyed || !connection.socket.writable) {
            // Closed by the server while it waited (an idle timeout): opened again, the request left waiting.
            PacedClient.#connect(this.#url).then((fresh) => {
              free.push(fresh);
              dispatch();
            }, reject);
            continue;
          }
          const { n, noticed } = waiting.shift() as { n: number; noticed: number };
          connection.send(requestBytes(host, request(n))).then(
            (status) => {
              if (status === 200) {
                answered200 += 1;
                times.push(performance.now() - noticed);
              } else errors += 1;
              free.push(connection);
              answer();
            },
            async () => {
              errors += 1;
              const fresh = await PacedClient.#connect(this.#url).catch(() => undefined);
              if (fresh) free.push(fresh);
              answer();
            },
          );
        }
      };
      const tick = () => {
        const now = performance.now();
        const due = Math.min(amount, Math.floor(((now - started) * rate) / 1000) + 1);
        while (sent < due) waiting.push({ n: sent++, noticed: now });
        dispatch();
        mostWaiting = Math.max(mostWaiting, waiting.length);
        if (sent < amount) setTimeout(tick, Math.max(0, dueAt(sent) - performance.now()));
      };
      tick();
    });
  }
}

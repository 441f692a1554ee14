/**
 * A local mail server for the browser tests, with the site server's SMTP
 * pointed at it: it accepts every mail and shows what it received on a small
 * HTTP port, so a test reads the mails a page sent as a mail program would.
 *   SMTP_PORT=4025 HTTP_PORT=4026 node tests/harness/mail-sink/main.ts
 * `GET /messages?to=ADDRESS` answers `[{ to, headers, text }]`, oldest first;
 * `headers` are unfolded and decoded, `text` is every part decoded.
 */
import { createServer } from "node:http";
import { header, readableText, startSmtpSink } from "../smtp-sink.ts";

const sink = await startSmtpSink({ port: Number(process.env.SMTP_PORT || 4025) });
const http = createServer((request, response) => {
  // Each answer closes its connection: a test's client that kept one open past the server's idle timeout
  // would otherwise send its next request on a socket the server was closing (ECONNRESET on a busy host).
  response.setHeader("Connection", "close");
  const url = new URL(request.url ?? "/", "http://localhost");
  if (url.pathname === "/health") return response.end("ok");
  if (url.pathname !== "/messages") {
    response.statusCode = 404;
    return response.end();
  }
  const to = url.searchParams.get("to")?.toLowerCase();
  const mails = to ? sink.to(to) : sink.received;
  const names = ["Subject", "From", "To", "List-Unsubscribe", "List-Unsubscribe-Post", "List-Id", "Message-ID"];
  response.setHeader("Content-Type", "application/json");
  response.end(
    JSON.stringify(
      mails.map((mail) => ({
        to: mail.to,
        headers: Object.fromEntries(names.map((name) => [name.toLowerCase(), header(mail, name) ?? null])),
        text: readableText(mail),
      })),
    ),
  );
});
http.listen(Number(process.env.HTTP_PORT || 4026), process.env.HOST || "127.0.0.1");
console.log(`Mail sink: SMTP on ${sink.port}, messages on ${process.env.HTTP_PORT || 4026}`);
for (const signal of ["SIGTERM", "SIGINT"] as const) {
  process.on(signal, () => sink.close().then(() => process.exit(0)));
}

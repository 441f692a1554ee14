/**
 * Serves a floor site (bench/floor.ts) with the site's own static-file layer
 * behind the headers every response of the site carries (its security
 * headers: a floor without them would not be the same page; decision 033),
 * and nothing else: `node bench/floor-server.ts DIR PORT`, on 127.0.0.1.
 */
import express from "express";
import { staticFiles } from "../http-server/static-files.ts";
import { baseHeaders } from "../http-server/transport-security.ts";

const [dir, port] = process.argv.slice(2);
if (!dir || !port) {
  console.error("usage: node bench/floor-server.ts DIR PORT");
  process.exit(2);
}
const app = express();
app.disable("x-powered-by");
app.use(baseHeaders);
app.use(await staticFiles(dir));
app.use((_req, res) => {
  res.status(404).type("text/plain").send("not in the floor site");
});
app.listen(Number(port), "127.0.0.1", () => {
  console.info(`Floor site ready at http://127.0.0.1:${port}`);
});

/**
 * A self-signed certificate for a host, good for a day, made by openssl in a
 * directory of the caller's, as certbot's files are named: what nginx needs
 * to serve TLS on this machine (the HTTP Observatory, the deploy recipe's test).
 */
import { execFileSync } from "node:child_process";
import path from "node:path";

/**
 * Writes `privkey.pem` and `fullchain.pem` into `dir` for `host`, with these
 * subject alternative names (`DNS:…`, `IP:…`) when given; returns their paths.
 * @example selfSignedCertificate("/usr/bin/openssl", dir, "example.com")
 */
export function selfSignedCertificate(
  openssl: string,
  dir: string,
  host: string,
  altNames: readonly string[] = [],
): { key: string; cert: string } {
  const key = path.join(dir, "privkey.pem");
  const cert = path.join(dir, "fullchain.pem");
  const extensions = altNames.length > 0 ? ["-addext", `subjectAltName=${altNames.join(",")}`] : [];
  execFileSync(
    openssl,
    ["req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "1", "-subj", `/CN=${host}`, ...extensions].concat([
      "-keyout",
      key,
      "-out",
      cert,
    ]),
    { stdio: "pipe" },
  );
  return { key, cert };
}

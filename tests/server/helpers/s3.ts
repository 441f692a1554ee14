/**
 * An S3-protocol server on loopback for the storage tests (s3rver, from the
 * npm registry: nothing is downloaded at run time). Each call starts its own
 * server on a free port with a fresh bucket and directory.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import S3rver from "s3rver";
import type { S3Settings } from "../../../app/server/uploads/storage.server.ts";

export interface TestS3 {
  settings: S3Settings;
  close(): Promise<void>;
}

export async function startTestS3(bucket = "portfolio-test"): Promise<TestS3> {
  const directory = mkdtempSync(path.join(tmpdir(), "portfolio-s3-"));
  const server = new S3rver({
    address: "127.0.0.1",
    port: 0,
    silent: true,
    directory,
    configureBuckets: [{ name: bucket, configs: [] }],
  });
  const { port } = await server.run();
  return {
    settings: {
      endpoint: `http://127.0.0.1:${port}`,
      region: "us-east-1",
      bucket,
      // s3rver's fixed credentials; it checks the signatures made with them.
      accessKeyId: "S3RVER",
      secretAccessKey: "S3RVER",
      forcePathStyle: true,
    },
    async close() {
      await server.close();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}

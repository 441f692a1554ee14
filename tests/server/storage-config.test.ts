/** STORAGE_DRIVER and the S3 settings: defaults, and one line per wrong variable. */
import { execFile } from "node:child_process";
import path from "node:path";
import { promisify } from "node:util";
import { describe, expect, it } from "vitest";
import { ConfigError, readConfig, readStorage } from "../../config/config.ts";
import { limit } from "../harness/host-speed.ts";

const s3 = {
  STORAGE_DRIVER: "s3",
  S3_BUCKET: "site-uploads",
  S3_ACCESS_KEY_ID: "AKIAEXAMPLE",
  S3_SECRET_ACCESS_KEY: "secret",
};

function problems(env: NodeJS.ProcessEnv): string[] {
  try {
    readStorage(env, "/data");
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return (error as Error).message.split("\n");
  }
  throw new Error("expected a configuration error");
}

describe("storage settings", () => {
  it("keeps files on disk under DATA_DIR/uploads by default", () => {
    expect(readConfig({ DATA_DIR: "/srv/site" }).storage).toEqual({
      driver: "disk",
      root: path.resolve("/srv/site/uploads"),
    });
    expect(readStorage({ STORAGE_DRIVER: "Postgres" }, "/data")).toEqual({ driver: "postgres" });
  });

  it("reads an S3 bucket, with AWS's endpoint for the region when none is given", () => {
    expect(readStorage(s3, "/data")).toEqual({
      driver: "s3",
      endpoint: "https://s3.us-east-1.amazonaws.com",
      region: "us-east-1",
      bucket: "site-uploads",
      accessKeyId: "AKIAEXAMPLE",
      secretAccessKey: "secret",
      forcePathStyle: false,
    });
    expect(
      readStorage(
        { ...s3, S3_ENDPOINT: "http://127.0.0.1:9000/", S3_REGION: "auto", S3_FORCE_PATH_STYLE: "true" },
        "/data",
      ),
    ).toMatchObject({ endpoint: "http://127.0.0.1:9000", region: "auto", forcePathStyle: true });
  });

  it("names every wrong variable on a line of its own", () => {
    expect(problems({ STORAGE_DRIVER: "ftp" })).toEqual(['STORAGE_DRIVER: "ftp" is not disk, postgres or s3']);
    expect(problems({ STORAGE_DRIVER: "s3" })).toEqual([
      "S3_BUCKET: must be set when STORAGE_DRIVER is s3",
      "S3_ACCESS_KEY_ID: must be set when STORAGE_DRIVER is s3",
      "S3_SECRET_ACCESS_KEY: must be set when STORAGE_DRIVER is s3",
    ]);
    expect(
      problems({
        ...s3,
        S3_BUCKET: "Bad_Bucket",
        S3_ENDPOINT: "ftp://x",
        S3_REGION: "EU West",
        S3_FORCE_PATH_STYLE: "maybe",
      }),
    ).toEqual([
      'S3_BUCKET: "Bad_Bucket" is not a bucket name (3 to 63 lower-case letters, digits, dots and hyphens)',
      'S3_REGION: "EU West" is not a region name such as eu-west-1 or auto',
      'S3_ENDPOINT: "ftp://x" is not an http(s) URL such as https://s3.eu-west-1.amazonaws.com',
      'S3_FORCE_PATH_STYLE: "maybe" is not true or false',
    ]);
  });

  it("leaves the S3 settings alone while another driver is chosen", () => {
    expect(readStorage({ STORAGE_DRIVER: "disk", S3_BUCKET: "Bad_Bucket", S3_REGION: "EU West" }, "/data")).toEqual({
      driver: "disk",
      root: path.resolve("/data/uploads"),
    });
  });
});

describe("S3 object URLs", () => {
  it("put the bucket in the path with S3_FORCE_PATH_STYLE, else in the host name", async () => {
    const { bucketUrl } = await import("../../app/server/uploads/s3-storage.server.ts");
    const bucket = "site-uploads";
    expect(bucketUrl({ endpoint: "http://127.0.0.1:9000", bucket, forcePathStyle: true })).toBe(
      "http://127.0.0.1:9000/site-uploads",
    );
    expect(bucketUrl({ endpoint: "https://s3.eu-west-1.amazonaws.com", bucket, forcePathStyle: false })).toBe(
      "https://site-uploads.s3.eu-west-1.amazonaws.com",
    );
    expect(bucketUrl({ endpoint: "https://acc.r2.cloudflarestorage.com/", bucket, forcePathStyle: true })).toBe(
      "https://acc.r2.cloudflarestorage.com/site-uploads",
    );
  });
});

describe("a command started with wrong storage settings", () => {
  it(
    "stops at once, naming each wrong variable on a line of its own",
    async () => {
      const env = { ...process.env, S3_BUCKET: "", S3_ACCESS_KEY_ID: "", S3_SECRET_ACCESS_KEY: "", S3_REGION: "EU" };
      const args = ["tools/commands/storage-migrate.ts", "--from", "disk", "--to", "s3"];
      const failed = await promisify(execFile)(process.execPath, args, { env, timeout: limit(30_000) }).catch(
        (error: { code: number; stderr: string }) => error,
      );
      expect(failed).toMatchObject({ code: 1 });
      expect((failed as { stderr: string }).stderr.trim().split("\n")).toEqual([
        "Configuration error: S3_BUCKET: must be set when STORAGE_DRIVER is s3",
        "Configuration error: S3_ACCESS_KEY_ID: must be set when STORAGE_DRIVER is s3",
        "Configuration error: S3_SECRET_ACCESS_KEY: must be set when STORAGE_DRIVER is s3",
        'Configuration error: S3_REGION: "EU" is not a region name such as eu-west-1 or auto',
      ]);
    },
    limit(30_000),
  );
});

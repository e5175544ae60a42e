import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import type { AddressInfo } from "node:net";
import S3rver from "s3rver";
import type { S3Config } from "@/lib/server/storage/s3-object-store";

// A real S3-compatible server (s3rver) on loopback for the tests, in a throw-away directory, with
// one bucket made. It refuses access keys other than its own (it does not verify V4 signatures).

export interface TestS3Server {
  endpoint: string;
  bucket: string;
  /** A configuration for S3ObjectStore pointing at it (path-style, its keys). */
  config(overrides?: Partial<S3Config>): S3Config;
  /** The same as S3_* environment variables, for a server process. */
  env(): Record<string, string>;
  close(): Promise<void>;
}

export const S3RVER_KEY = { accessKeyId: "S3RVER", secretAccessKey: "S3RVER" };

export async function startS3Server(bucket = "docchat-test"): Promise<TestS3Server> {
  const directory = await fs.mkdtemp(path.join(os.tmpdir(), "docchat-s3-"));
  const server = new S3rver({ address: "127.0.0.1", port: 0, silent: true, directory, configureBuckets: [{ name: bucket }] });
  const address = (await server.run()) as AddressInfo;
  const endpoint = `http://127.0.0.1:${address.port}`;
  return {
    endpoint,
    bucket,
    config: (overrides = {}) => ({ bucket, endpoint, region: "us-east-1", forcePathStyle: true, ...S3RVER_KEY, ...overrides }),
    env: () => ({
      S3_BUCKET: bucket,
      S3_ENDPOINT: endpoint,
      S3_REGION: "us-east-1",
      S3_ACCESS_KEY_ID: S3RVER_KEY.accessKeyId,
      S3_SECRET_ACCESS_KEY: S3RVER_KEY.secretAccessKey,
      S3_FORCE_PATH_STYLE: "true",
    }),
    close: async () => {
      await server.close();
      await fs.rm(directory, { recursive: true, force: true });
    },
  };
}

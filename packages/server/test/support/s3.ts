import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import S3rver from "s3rver";
import type { S3Settings } from "../../src/lib/storage-s3";

export interface TestS3 {
  settings: S3Settings;
  /** The settings as a server process reads them. */
  env: Record<string, string>;
  close(): Promise<void>;
}

/** An S3-compatible server (s3rver) on 127.0.0.1 with one empty bucket, in a temporary folder. */
export async function startS3(bucket = "lms-files"): Promise<TestS3> {
  const directory = mkdtempSync(path.join(os.tmpdir(), "lms-s3-"));
  const server = new S3rver({
    address: "127.0.0.1",
    port: 0,
    silent: true,
    directory,
    configureBuckets: [{ name: bucket }],
  });
  const { port } = await server.run();
  const settings: S3Settings = {
    endpoint: `http://127.0.0.1:${port}`,
    bucket,
    region: "us-east-1",
    // s3rver's own account.
    accessKeyId: "S3RVER",
    secretAccessKey: "S3RVER",
    forcePathStyle: true,
  };
  return {
    settings,
    env: {
      LMS_FILE_STORE: "s3",
      LMS_S3_ENDPOINT: settings.endpoint!,
      LMS_S3_BUCKET: bucket,
      LMS_S3_REGION: settings.region,
      LMS_S3_ACCESS_KEY_ID: settings.accessKeyId!,
      LMS_S3_SECRET_ACCESS_KEY: settings.secretAccessKey!,
      LMS_S3_FORCE_PATH_STYLE: "1",
    },
    async close() {
      await server.close();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}

import type { Readable } from "node:stream";
import {
  DeleteObjectsCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from "@aws-sdk/client-s3";
import { Upload } from "@aws-sdk/lib-storage";
import {
  checkKey,
  folderPrefix,
  readAll,
  type ByteRange,
  type FileStorage,
  type OpenedFile,
} from "./storage";

export interface S3Settings {
  /** An S3-compatible server's URL (MinIO, Ceph, R2 …); null: AWS itself. */
  endpoint: string | null;
  bucket: string;
  region: string;
  /** Both or neither: without them the SDK's usual chain (environment, instance role). */
  accessKeyId: string | null;
  secretAccessKey: string | null;
  forcePathStyle: boolean;
}

/** Parts of a streamed upload: S3's multipart minimum is 5 MiB. */
const PART_BYTES = 8 * 1024 * 1024;

function missing(error: unknown): boolean {
  return (
    error instanceof S3ServiceException &&
    (error.name === "NoSuchKey" ||
      error.name === "NotFound" ||
      error.$metadata.httpStatusCode === 404)
  );
}

/**
 * Files in an S3-compatible bucket (LMS_FILE_STORE=s3). An object appears only once its upload
 * is complete, so writes are all or nothing; big files stream in multipart uploads.
 */
export class S3FileStorage implements FileStorage {
  readonly client: S3Client;

  constructor(readonly settings: S3Settings) {
    this.client = new S3Client({
      region: settings.region,
      forcePathStyle: settings.forcePathStyle,
      ...(settings.endpoint ? { endpoint: settings.endpoint } : {}),
      ...(settings.accessKeyId && settings.secretAccessKey
        ? {
            credentials: {
              accessKeyId: settings.accessKeyId,
              secretAccessKey: settings.secretAccessKey,
            },
          }
        : {}),
      // Checksums only where S3 requires them: not every compatible server knows the newer ones.
      requestChecksumCalculation: "WHEN_REQUIRED",
      responseChecksumValidation: "WHEN_REQUIRED",
    });
  }

  private get bucket() {
    return this.settings.bucket;
  }

  async put(key: string, data: Buffer): Promise<void> {
    await this.client.send(
      new PutObjectCommand({
        Bucket: this.bucket,
        Key: checkKey(key),
        Body: data,
        ContentLength: data.length,
      }),
    );
  }

  async putStream(key: string, source: Readable): Promise<void> {
    const upload = new Upload({
      client: this.client,
      params: { Bucket: this.bucket, Key: checkKey(key), Body: source },
      partSize: PART_BYTES,
      queueSize: 2,
      leavePartsOnError: false,
    });
    await upload.done();
  }

  async get(key: string): Promise<Buffer | null> {
    const file = await this.open(key);
    return file ? readAll(file.stream) : null;
  }

  async open(
    key: string,
    pick?: (size: number) => ByteRange | undefined,
  ): Promise<OpenedFile | null> {
    checkKey(key);
    try {
      let range: ByteRange | null = null;
      if (pick) {
        const head = await this.client.send(
          new HeadObjectCommand({ Bucket: this.bucket, Key: key }),
        );
        range = pick(head.ContentLength ?? 0) ?? null;
        if (range) {
          const object = await this.client.send(
            new GetObjectCommand({
              Bucket: this.bucket,
              Key: key,
              Range: `bytes=${range.start}-${range.end}`,
            }),
          );
          return { size: head.ContentLength ?? 0, range, stream: object.Body as Readable };
        }
      }
      const object = await this.client.send(
        new GetObjectCommand({ Bucket: this.bucket, Key: key }),
      );
      return { size: object.ContentLength ?? 0, range: null, stream: object.Body as Readable };
    } catch (error) {
      if (missing(error)) return null;
      throw error;
    }
  }

  async remove(keys: readonly string[]): Promise<void> {
    for (let i = 0; i < keys.length; i += 1000) {
      const batch = keys.slice(i, i + 1000).map(checkKey);
      const answer = await this.client.send(
        new DeleteObjectsCommand({
          Bucket: this.bucket,
          Delete: { Objects: batch.map((Key) => ({ Key })), Quiet: true },
        }),
      );
      const failed = (answer.Errors ?? []).filter((e) => e.Code !== "NoSuchKey");
      if (failed.length > 0) {
        throw new Error(`S3 refused to delete ${failed[0]!.Key}: ${failed[0]!.Message}`);
      }
    }
  }

  async removePrefix(prefix: string): Promise<void> {
    const folder = folderPrefix(prefix);
    let token: string | undefined;
    do {
      const page = await this.client.send(
        new ListObjectsV2Command({ Bucket: this.bucket, Prefix: folder, ContinuationToken: token }),
      );
      const keys = (page.Contents ?? []).flatMap((o) => (o.Key ? [o.Key] : []));
      if (keys.length > 0) await this.remove(keys);
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
  }

  async close(): Promise<void> {
    this.client.destroy();
  }
}

import { Readable } from "node:stream";
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadBucketCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
} from "@aws-sdk/client-s3";
import { Upload } from "@aws-sdk/lib-storage";
import { assertKey, ObjectNotFoundError, type ObjectBody, type ObjectStore, type StoredObject } from "./object-store";

// Objects in an S3-compatible bucket (AWS S3, MinIO, Cloudflare R2, Ceph), shared by every
// instance. A stream of unknown length goes up as a multipart upload holding at most two 5 MB
// parts in memory; S3 makes an object visible only once complete, so nobody reads half a file.

export interface S3Config {
  bucket: string;
  endpoint?: string;
  region: string;
  accessKeyId?: string;
  secretAccessKey?: string;
  forcePathStyle: boolean;
  /** Prepended to every key ("" or ending in "/"). */
  prefix?: string;
}

const PART_BYTES = 5 * 1024 * 1024;

function isNotFound(error: unknown): boolean {
  const e = error as { name?: string; $metadata?: { httpStatusCode?: number } };
  return e?.name === "NoSuchKey" || e?.name === "NotFound" || e?.$metadata?.httpStatusCode === 404;
}

export class S3ObjectStore implements ObjectStore {
  readonly kind = "s3" as const;
  private readonly client: S3Client;
  private readonly bucket: string;
  private readonly prefix: string;

  constructor(config: S3Config) {
    this.bucket = config.bucket;
    this.prefix = config.prefix ? `${config.prefix.replace(/\/+$/, "")}/` : "";
    this.client = new S3Client({
      region: config.region,
      endpoint: config.endpoint,
      forcePathStyle: config.forcePathStyle,
      credentials:
        config.accessKeyId && config.secretAccessKey ? { accessKeyId: config.accessKeyId, secretAccessKey: config.secretAccessKey } : undefined,
      // Checksums only where the API requires them: several S3-compatible services (and older
      // MinIO and Ceph releases) reject the SDK's default trailing checksums on uploads.
      requestChecksumCalculation: "WHEN_REQUIRED",
      responseChecksumValidation: "WHEN_REQUIRED",
      maxAttempts: 3,
    });
  }

  private objectKey(key: string): string {
    return this.prefix + assertKey(key);
  }

  async put(key: string, body: ObjectBody, options: { size?: number; contentType?: string } = {}): Promise<void> {
    const Key = this.objectKey(key);
    const ContentType = options.contentType ?? "application/octet-stream";
    if (!(body instanceof Readable)) {
      await this.client.send(new PutObjectCommand({ Bucket: this.bucket, Key, Body: body, ContentLength: body.byteLength, ContentType }));
      return;
    }
    const upload = new Upload({
      client: this.client,
      params: { Bucket: this.bucket, Key, Body: body, ContentType },
      partSize: PART_BYTES,
      queueSize: 2,
      // A failed multipart upload is aborted, so no parts are left billed in the bucket.
      leavePartsOnError: false,
    });
    await upload.done();
  }

  async stream(key: string): Promise<Readable> {
    try {
      const result = await this.client.send(new GetObjectCommand({ Bucket: this.bucket, Key: this.objectKey(key) }));
      const body = result.Body;
      if (body instanceof Readable) return body;
      // Runtimes whose HTTP handler answers with a web stream.
      return Readable.fromWeb((body as { transformToWebStream(): ReadableStream }).transformToWebStream() as never);
    } catch (error) {
      if (isNotFound(error)) throw new ObjectNotFoundError(key);
      throw error;
    }
  }

  async delete(key: string): Promise<void> {
    await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: this.objectKey(key) }));
  }

  async exists(key: string): Promise<boolean> {
    try {
      await this.client.send(new HeadObjectCommand({ Bucket: this.bucket, Key: this.objectKey(key) }));
      return true;
    } catch (error) {
      if (isNotFound(error)) return false;
      throw error;
    }
  }

  async *list(): AsyncIterable<StoredObject> {
    let token: string | undefined;
    do {
      const page = await this.client.send(
        new ListObjectsV2Command({ Bucket: this.bucket, Prefix: this.prefix || undefined, ContinuationToken: token, MaxKeys: 1000 }),
      );
      for (const item of page.Contents ?? []) {
        if (!item.Key) continue;
        yield { key: item.Key.slice(this.prefix.length), size: Number(item.Size ?? 0), lastModified: item.LastModified ?? new Date(0) };
      }
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
  }

  async check(): Promise<void> {
    await this.client.send(new HeadBucketCommand({ Bucket: this.bucket }));
  }

  /** Closes the client's connections (tests, the migration command). */
  destroy(): void {
    this.client.destroy();
  }
}

import { createReadStream } from "node:fs";
import { stat } from "node:fs/promises";
import {
  AbortMultipartUploadCommand,
  CompleteMultipartUploadCommand,
  CreateMultipartUploadCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
  UploadPartCommand,
  type CORSRule,
} from "@aws-sdk/client-s3";
import { createPresignedPost } from "@aws-sdk/s3-presigned-post";
import { getSignedUrl } from "@aws-sdk/s3-request-presigner";
import { readBucketCors, s3ClientConfig } from "./bucket-cors.mjs";
import {
  assertValidKey,
  assertValidPrefix,
  attachmentDisposition,
  StorageUnavailableError,
  type ListedObject,
  type ObjectStorage,
  type SignedUpload,
  type SignOptions,
  type UploadOptions,
} from "./object-storage";

export type S3StorageOptions = {
  bucket: string;
  region: string;
  endpoint?: string;
  accessKeyId: string;
  secretAccessKey: string;
  forcePathStyle?: boolean;
};

/** S3 takes parts of 5 MB and more (except the last); 8 MB keeps the part count low for a large book. */
export const MULTIPART_PART_BYTES = 8 * 1024 * 1024;

// Any S3-compatible store (AWS S3, MinIO, R2). The bucket stays private: the browser only ever
// holds presigned URLs that expire. Uploads are presigned POSTs: their signed policy names the
// key, the content type and the size range, and S3 itself refuses anything else (a presigned PUT
// cannot bind the size).
export class S3ObjectStorage implements ObjectStorage {
  readonly driver = "s3" as const;
  private readonly client: S3Client;
  private readonly bucket: string;

  constructor(options: S3StorageOptions) {
    this.bucket = options.bucket;
    this.client = new S3Client(s3ClientConfig(options));
  }

  async put(key: string, body: Buffer, contentType: string) {
    assertValidKey(key);
    await this.guard(() => this.client.send(new PutObjectCommand({ Bucket: this.bucket, Key: key, Body: body, ContentType: contentType })));
  }

  async putFile(key: string, filePath: string, contentType: string) {
    assertValidKey(key);
    const { size } = await stat(filePath);
    await this.guard(() =>
      this.client.send(
        new PutObjectCommand({ Bucket: this.bucket, Key: key, Body: createReadStream(filePath), ContentLength: size, ContentType: contentType }),
      ),
    );
  }

  /**
   * A body of unknown length: a multipart upload whose parts are sent one at a time as they fill
   * (so at most one part is held), completed at the end or aborted on failure. A body smaller
   * than one part is a single PUT.
   */
  async putStream(key: string, chunks: AsyncIterable<Uint8Array>, contentType: string) {
    assertValidKey(key);
    let pending: Buffer[] = [];
    let pendingBytes = 0;
    let size = 0;
    let uploadId: string | undefined;
    const parts: { ETag: string; PartNumber: number }[] = [];
    const sendPart = async () => {
      uploadId ??= (await this.guard(() => this.client.send(new CreateMultipartUploadCommand({ Bucket: this.bucket, Key: key, ContentType: contentType }))))
        .UploadId;
      const body = Buffer.concat(pending, pendingBytes);
      pending = [];
      pendingBytes = 0;
      const PartNumber = parts.length + 1;
      const { ETag } = await this.guard(() =>
        this.client.send(new UploadPartCommand({ Bucket: this.bucket, Key: key, UploadId: uploadId, PartNumber, Body: body, ContentLength: body.length })),
      );
      parts.push({ ETag: ETag!, PartNumber });
    };
    try {
      for await (const chunk of chunks) {
        pending.push(Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength));
        pendingBytes += chunk.byteLength;
        size += chunk.byteLength;
        if (pendingBytes >= MULTIPART_PART_BYTES) await sendPart();
      }
      if (!uploadId) {
        await this.put(key, Buffer.concat(pending, pendingBytes), contentType);
        return { size };
      }
      if (pendingBytes > 0) await sendPart();
      await this.guard(() =>
        this.client.send(new CompleteMultipartUploadCommand({ Bucket: this.bucket, Key: key, UploadId: uploadId, MultipartUpload: { Parts: parts } })),
      );
      return { size };
    } catch (error) {
      if (uploadId) {
        await this.client.send(new AbortMultipartUploadCommand({ Bucket: this.bucket, Key: key, UploadId: uploadId })).catch(() => undefined);
      }
      throw error;
    }
  }

  async get(key: string) {
    assertValidKey(key);
    try {
      const result = await this.guard(() => this.client.send(new GetObjectCommand({ Bucket: this.bucket, Key: key })));
      const bytes = await result.Body!.transformToByteArray();
      return { body: Buffer.from(bytes), contentType: result.ContentType ?? "application/octet-stream" };
    } catch (error) {
      if (isNotFound(error)) return null;
      throw error;
    }
  }

  async openStream(key: string) {
    assertValidKey(key);
    try {
      const result = await this.guard(() => this.client.send(new GetObjectCommand({ Bucket: this.bucket, Key: key })));
      return {
        body: result.Body!.transformToWebStream() as ReadableStream<Uint8Array>,
        size: result.ContentLength ?? 0,
        contentType: result.ContentType ?? "application/octet-stream",
      };
    } catch (error) {
      if (isNotFound(error)) return null;
      throw error;
    }
  }

  async head(key: string) {
    assertValidKey(key);
    try {
      const result = await this.guard(() => this.client.send(new HeadObjectCommand({ Bucket: this.bucket, Key: key })));
      return { size: result.ContentLength ?? 0, contentType: result.ContentType ?? "application/octet-stream" };
    } catch (error) {
      if (isNotFound(error)) return null;
      throw error;
    }
  }

  async delete(key: string) {
    assertValidKey(key);
    await this.guard(() => this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: key })));
  }

  async signedDownloadUrl(key: string, options: SignOptions) {
    assertValidKey(key);
    const disposition = options.downloadName ? { ResponseContentDisposition: attachmentDisposition(options.downloadName) } : {};
    return getSignedUrl(this.client, new GetObjectCommand({ Bucket: this.bucket, Key: key, ...disposition }), {
      expiresIn: options.expiresInSeconds,
      signingDate: options.now,
    });
  }

  async *list(prefix: string): AsyncGenerator<ListedObject> {
    assertValidPrefix(prefix);
    let continuationToken: string | undefined;
    do {
      const page = await this.guard(() =>
        this.client.send(new ListObjectsV2Command({ Bucket: this.bucket, Prefix: prefix, ContinuationToken: continuationToken })),
      );
      for (const object of page.Contents ?? []) {
        if (!object.Key) continue;
        yield { key: object.Key, size: object.Size ?? 0, lastModified: object.LastModified ?? new Date(0) };
      }
      continuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (continuationToken);
  }

  async signedUploadUrl(key: string, options: UploadOptions): Promise<SignedUpload> {
    assertValidKey(key);
    // The policy is signed at the current time; `now` only applies to the other drivers and to GETs.
    // The storage service checks it against its own clock (decision 040): the SDK signs at
    // Date.now() plus the offset to that clock it last measured from a response's Date header,
    // which is whole seconds, so the policy can expire up to a second before our own clock's
    // "now + expiresInSeconds". The upload says the policy's own expiration, in our clock.
    const { url, fields } = await createPresignedPost(this.client, {
      Bucket: this.bucket,
      Key: key,
      Fields: { "Content-Type": options.contentType },
      Conditions: [
        ["content-length-range", 1, Math.floor(options.maxBytes)],
        ["eq", "$Content-Type", options.contentType],
      ],
      Expires: options.expiresInSeconds,
    });
    const offset = this.client.config.systemClockOffset ?? 0;
    return { url, method: "POST", headers: {}, fields, expiresAt: new Date(policyExpiration(fields.Policy) - offset) };
  }

  /** The bucket's CORS rules; none (not an error) when the bucket has no CORS configuration. */
  async corsRules(): Promise<CORSRule[]> {
    return this.guard(() => readBucketCors(this.client, this.bucket));
  }

  get bucketName() {
    return this.bucket;
  }

  private async guard<Output>(call: () => Promise<Output>): Promise<Output> {
    try {
      return await call();
    } catch (error) {
      if (error instanceof S3ServiceException) throw error;
      // Network failures: the store is down or unreachable.
      throw new StorageUnavailableError(`Photo storage is unavailable: ${(error as Error).message}`, { cause: error });
    }
  }
}

/** When a signed POST policy stops being accepted, in the storage service's clock. */
function policyExpiration(policy: string | undefined): number {
  const { expiration } = JSON.parse(Buffer.from(policy ?? "", "base64").toString("utf8")) as { expiration: string };
  return Date.parse(expiration);
}

function isNotFound(error: unknown) {
  return error instanceof S3ServiceException && (error.name === "NoSuchKey" || error.name === "NotFound" || error.$metadata?.httpStatusCode === 404);
}

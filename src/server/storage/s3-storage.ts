import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from "@aws-sdk/client-s3";
import { getSignedUrl } from "@aws-sdk/s3-request-presigner";
import { assertValidKey, StorageUnavailableError, type ObjectStorage, type SignOptions, type SignedUpload } from "./object-storage";

export type S3StorageOptions = {
  bucket: string;
  region: string;
  endpoint?: string;
  accessKeyId: string;
  secretAccessKey: string;
  forcePathStyle?: boolean;
};

// Any S3-compatible store (AWS S3, MinIO, R2). The bucket stays private: the browser only ever
// holds presigned URLs that expire.
export class S3ObjectStorage implements ObjectStorage {
  readonly driver = "s3" as const;
  private readonly client: S3Client;
  private readonly bucket: string;

  constructor(options: S3StorageOptions) {
    this.bucket = options.bucket;
    this.client = new S3Client({
      region: options.region,
      endpoint: options.endpoint,
      forcePathStyle: options.forcePathStyle ?? Boolean(options.endpoint),
      credentials: { accessKeyId: options.accessKeyId, secretAccessKey: options.secretAccessKey },
      // Without these the SDK signs a checksum of an empty body into presigned URLs.
      requestChecksumCalculation: "WHEN_REQUIRED",
      responseChecksumValidation: "WHEN_REQUIRED",
      maxAttempts: 2,
    });
  }

  async put(key: string, body: Buffer, contentType: string) {
    assertValidKey(key);
    await this.guard(() => this.client.send(new PutObjectCommand({ Bucket: this.bucket, Key: key, Body: body, ContentType: contentType })));
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
    return getSignedUrl(this.client, new GetObjectCommand({ Bucket: this.bucket, Key: key }), {
      expiresIn: options.expiresInSeconds,
      signingDate: options.now,
    });
  }

  async signedUploadUrl(key: string, options: SignOptions & { contentType: string }): Promise<SignedUpload> {
    assertValidKey(key);
    const now = options.now ?? new Date();
    const url = await getSignedUrl(
      this.client,
      new PutObjectCommand({ Bucket: this.bucket, Key: key, ContentType: options.contentType }),
      { expiresIn: options.expiresInSeconds, signingDate: now },
    );
    return {
      url,
      method: "PUT",
      headers: { "Content-Type": options.contentType },
      expiresAt: new Date(now.getTime() + options.expiresInSeconds * 1000),
    };
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

function isNotFound(error: unknown) {
  return (
    error instanceof S3ServiceException &&
    (error.name === "NoSuchKey" || error.name === "NotFound" || error.$metadata?.httpStatusCode === 404)
  );
}

import { AppError, TRY_AGAIN } from '../../domain/errors.ts';
import { log } from '../../lib/log.ts';
import { loadSdk } from '../load-sdk.ts';

type S3Sdk = typeof import('@aws-sdk/client-s3');
type Opened = { sdk: S3Sdk; client: InstanceType<S3Sdk['S3Client']> };

/** Where the bytes go: one bucket of an S3-compatible store (AWS S3, R2, B2, MinIO, ...). */
export type BucketSettings = {
  /** The store's address; unset, AWS S3 in `region`. */
  endpoint?: string | undefined;
  region: string;
  bucket: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** Addresses objects as endpoint/bucket/key rather than bucket.endpoint/key (MinIO, most self-hosted stores). */
  forcePathStyle: boolean;
};

/** Objects by key, as the media adapter needs them; every failure of the store is an AppError. */
export type Bucket = {
  put(key: string, bytes: Uint8Array, contentType: string): Promise<void>;
  /** The object's bytes; null when the bucket has no such key. */
  get(key: string): Promise<Uint8Array | null>;
  has(key: string): Promise<boolean>;
  /** Deletes the key; a key that is not there is no error (S3's own rule). */
  remove(key: string): Promise<void>;
  close(): void;
};

/** Names are generated and never reused (encode-image.ts), so any cache may keep an object for good. */
const CACHE_CONTROL = 'public, max-age=31536000, immutable';

/**
 * A bucket through @aws-sdk/client-s3, loaded when the adapter first talks to the store (decision
 * 056: a process that never touches an image never loads the SDK). A store that cannot be reached
 * or refuses a request (down, a 5xx, wrong keys, no such bucket) is AppError 'unavailable' with
 * the Greek "try again" (503), the SDK's error as its cause and in a warning for the owner.
 */
export function openBucket(settings: BucketSettings): Bucket {
  let opened: Opened | undefined;

  function s3(): Opened {
    if (!opened) {
      const sdk = loadSdk<S3Sdk>('@aws-sdk/client-s3');
      const client = new sdk.S3Client({
        region: settings.region,
        ...(settings.endpoint ? { endpoint: settings.endpoint } : {}),
        forcePathStyle: settings.forcePathStyle,
        credentials: { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey },
        // The SDK's default checksums (CRC32 headers on every upload) are refused by several
        // S3-compatible stores; S3 itself needs them only where an operation requires one.
        requestChecksumCalculation: 'WHEN_REQUIRED',
        responseChecksumValidation: 'WHEN_REQUIRED',
        // A store that does not answer fails the request in seconds instead of holding it.
        requestHandler: { connectionTimeout: 5_000, requestTimeout: 30_000 },
      });
      opened = { sdk, client };
    }
    return opened;
  }

  async function call<T>(operation: string, key: string, run: (s3: Opened) => Promise<T>): Promise<T | null> {
    try {
      return await run(s3());
    } catch (error) {
      if (isMissing(error)) return null;
      log.warn('The image store did not answer', { operation, bucket: settings.bucket, key, error });
      throw Object.assign(new AppError('unavailable', TRY_AGAIN), { cause: error });
    }
  }

  const Bucket = settings.bucket; // The SDK's own spelling, so each command reads as S3's API does.
  return {
    async put(key, bytes, contentType) {
      await call('put', key, ({ sdk, client }) =>
        client.send(
          new sdk.PutObjectCommand({
            Bucket,
            Key: key,
            Body: bytes,
            ContentType: contentType,
            CacheControl: CACHE_CONTROL,
          }),
        ),
      );
    },
    get: (key) =>
      call('get', key, async ({ sdk, client }) => {
        const answer = await client.send(new sdk.GetObjectCommand({ Bucket, Key: key }));
        return answer.Body ? await answer.Body.transformToByteArray() : new Uint8Array();
      }),
    has: async (key) =>
      (await call('head', key, ({ sdk, client }) =>
        client.send(new sdk.HeadObjectCommand({ Bucket, Key: key })),
      )) !== null,
    async remove(key) {
      // One key per request: DeleteObjects needs a checksum that some S3-compatible stores refuse.
      await call('delete', key, ({ sdk, client }) =>
        client.send(new sdk.DeleteObjectCommand({ Bucket, Key: key })),
      );
    },
    close: () => opened?.client.destroy(),
  };
}

/** S3's answer for a key the bucket does not have (GetObject's NoSuchKey, HeadObject's bare 404). */
function isMissing(error: unknown): boolean {
  return error instanceof Error && (error.name === 'NoSuchKey' || error.name === 'NotFound');
}

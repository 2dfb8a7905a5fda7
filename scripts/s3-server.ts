/**
 * A local S3-compatible server (decision 094) for the tests and the cluster demo, as
 * scripts/postgres.ts is for PostgreSQL: s3rver (the maintained @20minutes fork) on 127.0.0.1, its
 * objects in a folder on disk. It checks SigV4 signatures as S3 does and needs nothing installed.
 * By hand, or as a process of its own (the cluster's, so that serving images never waits on the
 * event loop of whatever started it): `node scripts/s3-server.ts [port] [folder]` prints its
 * address and runs until Ctrl-C or SIGTERM, which delete the objects unless a folder was given.
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { CreateBucketCommand, ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';

/** The parts of @20minutes/s3rver's API used here (the package ships no types). */
type S3rver = { run(): Promise<{ port: number }>; close(): Promise<void> };
type S3rverOptions = { address: string; port: number; silent: boolean; directory: string };
const S3rver = createRequire(import.meta.url)('@20minutes/s3rver') as new (options: S3rverOptions) => S3rver;

/** The one account s3rver accepts signatures from. */
export const S3_ACCESS_KEY_ID = 'S3RVER';
const S3_SECRET_ACCESS_KEY = 'S3RVER';
const REGION = 'us-east-1';

/** A client of a running s3rver, for what the shop does not do itself: make buckets, list them. */
export type S3Buckets = {
  /** A new, empty bucket (a random name unless one is given), so users never see each other's objects. */
  createBucket(name?: string): Promise<string>;
  /** The settings a shop keeps its images in `bucket` with, as in its .env (MEDIA_BACKEND=s3). */
  env(bucket: string): Record<string, string>;
  /** Every key in the bucket, sorted. */
  keys(bucket: string): Promise<string[]>;
  close(): void;
};

export type S3Server = Omit<S3Buckets, 'close'> & {
  /** http://127.0.0.1:<port>; buckets are addressed by path (S3_FORCE_PATH_STYLE=true). */
  endpoint: string;
  /** Ends the server, and deletes its objects unless `directory` was given. */
  stop(): Promise<void>;
};

/** A client of the s3rver at `endpoint` (started here or in another process). */
export function connectS3(endpoint: string): S3Buckets {
  const client = new S3Client({
    endpoint,
    region: REGION,
    forcePathStyle: true,
    credentials: { accessKeyId: S3_ACCESS_KEY_ID, secretAccessKey: S3_SECRET_ACCESS_KEY },
  });
  // The SDK sends a bucket's own requests (create, list) to /<bucket>/ and s3rver checks their
  // signature against /<bucket>, so they are sent there. The shop's requests name an object
  // (/<bucket>/<key>), where both agree.
  client.middlewareStack.add(
    (next) => (args) => {
      const request = args.request as { path?: string };
      if (request.path && /^\/[^/]+\/$/.test(request.path)) request.path = request.path.slice(0, -1);
      return next(args);
    },
    { step: 'build', name: 'bucketPathWithoutSlash' },
  );
  return {
    async createBucket(name) {
      const bucket = name ?? `cardshop-${randomBytes(6).toString('hex')}`;
      await client.send(new CreateBucketCommand({ Bucket: bucket }));
      return bucket;
    },
    env: (bucket) => ({
      MEDIA_BACKEND: 's3',
      S3_ENDPOINT: endpoint,
      S3_REGION: REGION,
      S3_BUCKET: bucket,
      S3_ACCESS_KEY_ID,
      S3_SECRET_ACCESS_KEY,
      S3_FORCE_PATH_STYLE: 'true',
    }),
    async keys(bucket) {
      const listed = await client.send(new ListObjectsV2Command({ Bucket: bucket }));
      return (listed.Contents ?? []).map((object) => object.Key ?? '').sort();
    },
    close: () => client.destroy(),
  };
}

/**
 * s3rver in this process on 127.0.0.1, on `port` (else a free one), its objects in `directory`
 * (else a temp folder removed at stop).
 */
export async function startS3Server(options: { port?: number; directory?: string } = {}): Promise<S3Server> {
  const directory = options.directory ?? fs.mkdtempSync(path.join(os.tmpdir(), 'cardshop-s3-'));
  fs.mkdirSync(directory, { recursive: true });
  const server = new S3rver({ address: '127.0.0.1', port: options.port ?? 0, silent: true, directory });
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  const { close, ...buckets } = connectS3(endpoint);
  return {
    endpoint,
    ...buckets,
    async stop() {
      close();
      await server.close();
      if (!options.directory) fs.rmSync(directory, { recursive: true, force: true });
    },
  };
}

if (import.meta.main) {
  const [port, directory] = process.argv.slice(2);
  const server = await startS3Server({
    ...(port ? { port: Number(port) } : {}),
    ...(directory ? { directory } : {}),
  });
  const account = `access key ${S3_ACCESS_KEY_ID}, secret ${S3_SECRET_ACCESS_KEY}, path-style`;
  console.info(`S3-compatible server at ${server.endpoint} (${account})`);
  console.info(`Ctrl-C stops it${directory ? '' : ' and deletes its objects'}.`);
  const stop = () => void server.stop().then(() => process.exit(0));
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}

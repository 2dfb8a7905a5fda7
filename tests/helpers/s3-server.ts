import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { CreateBucketCommand, ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';

/** The parts of @20minutes/s3rver's API the tests use (the package ships no types). */
type S3rver = { run(): Promise<{ port: number }>; close(): Promise<void> };
type S3rverOptions = { address: string; port: number; silent: boolean; directory: string };
const S3rver = createRequire(import.meta.url)('@20minutes/s3rver') as new (options: S3rverOptions) => S3rver;

/** The one account s3rver accepts signatures from. */
const ACCESS_KEY_ID = 'S3RVER';
const SECRET_ACCESS_KEY = 'S3RVER';
const REGION = 'us-east-1';

export type S3TestServer = {
  /** http://127.0.0.1:<port>; buckets are addressed by path (S3_FORCE_PATH_STYLE=true). */
  endpoint: string;
  /** A new, empty bucket of its own, so tests sharing the server never see each other's objects. */
  createBucket(): Promise<string>;
  /** The settings a shop keeps its images in `bucket` with, as in its .env (MEDIA_BACKEND=s3). */
  env(bucket: string): Record<string, string>;
  /** Every key in the bucket, sorted. */
  keys(bucket: string): Promise<string[]>;
  stop(): Promise<void>;
};

/**
 * A local S3-compatible server for a test (decision 094): s3rver (the maintained @20minutes fork)
 * on a free port of 127.0.0.1, its objects in a temp folder removed at stop. It runs in the
 * test's own process: nothing to install, and it checks SigV4 signatures as S3 does.
 */
export async function startS3Server(): Promise<S3TestServer> {
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), 'cardshop-s3-'));
  const server = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory });
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  const client = new S3Client({
    endpoint,
    region: REGION,
    forcePathStyle: true,
    credentials: { accessKeyId: ACCESS_KEY_ID, secretAccessKey: SECRET_ACCESS_KEY },
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
    endpoint,
    async createBucket() {
      const bucket = `cardshop-${randomBytes(6).toString('hex')}`;
      await client.send(new CreateBucketCommand({ Bucket: bucket }));
      return bucket;
    },
    env: (bucket) => ({
      MEDIA_BACKEND: 's3',
      S3_ENDPOINT: endpoint,
      S3_REGION: REGION,
      S3_BUCKET: bucket,
      S3_ACCESS_KEY_ID: ACCESS_KEY_ID,
      S3_SECRET_ACCESS_KEY: SECRET_ACCESS_KEY,
      S3_FORCE_PATH_STYLE: 'true',
    }),
    async keys(bucket) {
      const listed = await client.send(new ListObjectsV2Command({ Bucket: bucket }));
      return (listed.Contents ?? []).map((object) => object.Key ?? '').sort();
    },
    async stop() {
      client.destroy();
      await server.close();
      fs.rmSync(directory, { recursive: true, force: true });
    },
  };
}

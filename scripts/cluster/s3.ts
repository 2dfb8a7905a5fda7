import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { freePort } from '../../tests/helpers/free-port.ts';
import { connectS3 } from '../s3-server.ts';
import { logTail, startChild } from './child.ts';

const root = path.resolve(import.meta.dirname, '../..');
const START_TIMEOUT_MS = 30_000;

/** The cluster's S3-compatible store: one bucket that every instance keeps its images in. */
export type ClusterS3 = {
  /** http://127.0.0.1:<port>, path-style. */
  endpoint: string;
  bucket: string;
  /** The S3 settings every instance runs with (MEDIA_BACKEND=s3, S3_*). */
  env: Record<string, string>;
  /** Every key in the bucket, sorted. */
  keys(): Promise<string[]>;
  stop(): Promise<void>;
};

/**
 * scripts/s3-server.ts as a process of its own, so serving images never waits on the event loop
 * of the process that runs the cluster (a test's, generating load). Its objects go in `folder`.
 */
export async function startClusterS3(folder: string): Promise<ClusterS3> {
  const port = await freePort();
  const logFile = path.join(folder, 's3.log');
  const child = startChild(
    process.execPath,
    [path.join(root, 'scripts', 's3-server.ts'), String(port), path.join(folder, 's3')],
    {
      cwd: root,
      env: process.env,
      logFile,
    },
  );
  const endpoint = `http://127.0.0.1:${port}`;
  const s3 = connectS3(endpoint);
  const deadline = Date.now() + START_TIMEOUT_MS;
  let bucket: string | null = null;
  // The bucket is made as soon as the server takes connections.
  while (!bucket) {
    try {
      bucket = await s3.createBucket('cardshop');
    } catch (error) {
      if (!child.running() || Date.now() > deadline) {
        s3.close();
        await child.stop();
        throw new Error(`The S3 server did not start: ${error}\n${logTail(logFile)}`);
      }
      await sleep(100);
    }
  }
  const made = bucket;
  return {
    endpoint,
    bucket: made,
    env: s3.env(made),
    keys: () => s3.keys(made),
    async stop() {
      s3.close();
      await child.stop();
    },
  };
}

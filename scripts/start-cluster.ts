/**
 * npm run start:cluster: the shop as several instances on this machine (issue 32): PostgreSQL,
 * an S3-compatible server, three instances and nginx in front of them (scripts/cluster/). Prints
 * the address and the admin's sign-in; Ctrl-C stops everything and deletes its data. PORT sets
 * nginx's port (8080 unless set), INSTANCES how many instances (3), ADMIN_EMAIL / ADMIN_PASSWORD
 * the admin.
 */
import { type Cluster, startCluster } from './cluster/cluster.ts';

const port = Number(process.env.PORT || 8080);
const instances = Number(process.env.INSTANCES || 3);

let cluster: Cluster | null = null;
let stopping = false;
async function stop() {
  // A second Ctrl-C does not wait: what is still running ends with this process.
  if (stopping || !cluster) process.exit(130);
  stopping = true;
  console.info('\nStopping nginx, the instances, the S3 server and PostgreSQL…');
  await cluster.stop();
  console.info('Stopped; the data is deleted.');
  process.exit(0);
}
process.on('SIGINT', () => void stop());
process.on('SIGTERM', () => void stop());

console.info(`Starting the shop on ${instances} instances behind nginx…`);
try {
  cluster = await startCluster({
    instances,
    port,
    env: {
      ...(process.env.ADMIN_EMAIL ? { ADMIN_EMAIL: process.env.ADMIN_EMAIL } : {}),
      ...(process.env.ADMIN_PASSWORD ? { ADMIN_PASSWORD: process.env.ADMIN_PASSWORD } : {}),
    },
  });
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
}

const { url, admin, timings } = cluster;
const ids = cluster.instances.map((instance) => instance.id);
const width = Math.max(...ids.map((id) => id.length));
console.info(
  [
    '',
    `The shop is open at ${url} (started in ${timings.total} s)`,
    `  Admin      ${url}/admin-login`,
    `             ${admin.email} / ${process.env.ADMIN_PASSWORD ? '(ADMIN_PASSWORD)' : admin.password}`,
    '  Instances  (each alone, past nginx)',
    ...cluster.instances.map(
      (instance) => `             ${instance.id.padEnd(width)}  ${instance.url}  pid ${instance.pid}`,
    ),
    `  PostgreSQL ${cluster.databaseUrl}`,
    `  S3         ${cluster.s3.endpoint}  bucket ${cluster.s3.bucket}`,
    `  Logs       ${cluster.folder}/{${ids.join(',')},nginx,s3}.log`,
    '',
    'Ctrl-C stops everything and deletes its data.',
  ].join('\n'),
);

/**
 * The Firestore emulator of `@firestore-emulator/server` (a Node gRPC server), started in this
 * process on a free port, with the transaction isolation that package leaves out (decision 010):
 * it hands every transaction the same dummy id and commits whatever it is sent, so two
 * read-modify-write transactions on one document would both commit and the second would undo
 * the first. Cloud Firestore refuses such a commit with ABORTED and the SDK retries it; here the
 * service does the same, by remembering the version of each document a transaction read and
 * refusing the commit when another write changed one of them since.
 */
import { randomBytes } from 'node:crypto';
import { createRequire } from 'node:module';
import net from 'node:net';
import type * as grpc from '@grpc/grpc-js';

const require = createRequire(import.meta.url);
const { Server, ServerCredentials, status } = require('@grpc/grpc-js') as typeof grpc;
const { FirestoreState } =
  require('@firestore-emulator/server') as typeof import('@firestore-emulator/server');
/** The package's service class (not exported from its index): extended below. */
const { FirestoreServiceV1Impl } =
  require('@firestore-emulator/server/dist/server/FirestoreServiceV1Impl/index.js') as {
    FirestoreServiceV1Impl: (new (
      state: unknown,
    ) => { Rollback(call: Call, callback: Callback): void }) & { definition: grpc.ServiceDefinition };
  };
const {
  BatchGetDocumentsResponse,
  BeginTransactionResponse,
  CommitResponse,
} = require('@firestore-emulator/proto/dist/google/firestore/v1/firestore');

export type FirestoreEmulator = {
  /** host:port, for FIRESTORE_EMULATOR_HOST. */
  host: string;
  /** Deletes every document (between tests). */
  clear(): void;
  /** How many commits the isolation check refused (a test can prove contention happened). */
  abortedCommits(): number;
  stop(): Promise<void>;
};

/** The parts of the gRPC requests read here (the package's generated message classes). */
type Write = { has_delete: boolean; delete: string; update: { name: string } };
type Request = {
  has_new_transaction?: boolean;
  has_transaction?: boolean;
  transaction?: Uint8Array;
  documents?: string[];
  writes?: Write[];
};
type Call = { request: Request; write(value: unknown): void; end(): void };
type Callback = (error: { code: number; message: string } | null, value?: unknown) => void;

export async function startFirestoreEmulator(port = 0): Promise<FirestoreEmulator> {
  const state = new FirestoreState();
  /** Writes per document path: a commit-time check that cannot be fooled by equal clocks. */
  const writes = new Map<string, number>();
  /** What each open transaction read: document path -> its write count then. */
  const transactions = new Map<string, Map<string, number>>();
  let aborted = 0;
  let lastCommitMs = 0;

  const key = (id: Uint8Array) => Buffer.from(id).toString('hex');
  const newTransaction = () => {
    const id = randomBytes(12);
    transactions.set(key(id), new Map());
    return id;
  };

  class IsolatingService extends FirestoreServiceV1Impl {
    BeginTransaction(_call: Call, callback: Callback) {
      callback(null, BeginTransactionResponse.fromObject({ transaction: newTransaction() }));
    }

    BatchGetDocuments(call: Call) {
      const { request } = call;
      let id: Uint8Array | null = null;
      if (request.has_new_transaction) {
        id = newTransaction();
        call.write(BatchGetDocumentsResponse.fromObject({ transaction: id }));
      } else if (request.has_transaction) {
        id = request.transaction ?? null;
      }
      const reads = id ? transactions.get(key(id)) : undefined;
      const readTime = timestamp(new Date());
      for (const path of request.documents ?? []) {
        reads?.set(path, writes.get(path) ?? 0);
        const document = state.getDocument(path);
        call.write(
          BatchGetDocumentsResponse.fromObject({
            found: document.metadata.hasExist ? document.toV1DocumentObject() : undefined,
            missing: document.metadata.hasExist ? undefined : path,
            read_time: readTime,
          }),
        );
      }
      call.end();
    }

    Commit(call: Call, callback: Callback) {
      const { request } = call;
      const id = request.transaction;
      if (id && id.length > 0) {
        const reads = transactions.get(key(id));
        transactions.delete(key(id));
        const stale = reads && [...reads].some(([path, count]) => (writes.get(path) ?? 0) !== count);
        if (!reads || stale) {
          aborted += 1;
          callback({ code: status.ABORTED, message: 'Transaction aborted: a document it read has changed.' });
          return;
        }
      }
      // Strictly growing commit times, as Cloud Firestore's are (it keeps microseconds).
      const date = new Date(Math.max(Date.now(), lastCommitMs + 1));
      lastCommitMs = date.getTime();
      try {
        const results = (request.writes ?? []).map((write) => {
          const result = state.writeV1Document(date, write as never);
          const path = write.has_delete ? write.delete : write.update.name;
          writes.set(path, (writes.get(path) ?? 0) + 1);
          return result;
        });
        callback(
          null,
          CommitResponse.fromObject({
            commit_time: timestamp(date),
            write_results: results.map((result) => result.toObject()),
          }),
        );
      } catch (error) {
        const code = (error as { code?: number }).code ?? status.INTERNAL;
        callback({ code, message: (error as Error).message });
      }
    }

    override Rollback(call: Call, callback: Callback) {
      if (call.request.transaction) transactions.delete(key(call.request.transaction));
      super.Rollback(call, callback);
    }
  }

  const server = new Server();
  server.addService(
    FirestoreServiceV1Impl.definition,
    new IsolatingService(state) as unknown as grpc.UntypedServiceImplementation,
  );
  const chosen = port || (await freePort());
  await new Promise<void>((resolve, reject) =>
    server.bindAsync(`127.0.0.1:${chosen}`, ServerCredentials.createInsecure(), (error) =>
      error ? reject(error) : resolve(),
    ),
  );
  return {
    host: `127.0.0.1:${chosen}`,
    clear: () => {
      state.clear();
      writes.clear();
      transactions.clear();
    },
    abortedCommits: () => aborted,
    stop: () =>
      new Promise<void>((resolve) => {
        server.tryShutdown(() => resolve());
        // Open listen streams would hold a graceful shutdown forever.
        setTimeout(() => {
          server.forceShutdown();
          resolve();
        }, 500).unref();
      }),
  };
}

function timestamp(date: Date) {
  return { seconds: Math.floor(date.getTime() / 1000), nanos: (date.getTime() % 1000) * 1_000_000 };
}

/** A port nobody listens on now (the OS picks it). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.unref();
    probe.on('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

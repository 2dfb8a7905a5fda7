/**
 * The Firebase Auth emulator of `firebase-tools`, started in this process on a free port. It is
 * the real emulator (the same Express app `firebase emulators:start --only auth` serves), run
 * through its programmatic form so a test run needs no firebase.json, no hub and no UI ports.
 * A `demo-` project id needs no credentials and reaches nothing outside this machine.
 */
import { createRequire } from 'node:module';
import { freePort } from './firestore.ts';

const require = createRequire(import.meta.url);

export type AuthEmulator = {
  /** host:port, for FIREBASE_AUTH_EMULATOR_HOST. */
  host: string;
  /** http://host:port, for connectAuthEmulator in the browser. */
  url: string;
  projectId: string;
  /** Deletes every account (between tests). */
  clear(): Promise<void>;
  stop(): Promise<void>;
};

export async function startAuthEmulator(projectId: string, port = 0): Promise<AuthEmulator> {
  const { AuthEmulator } = require('firebase-tools/lib/emulator/auth/index.js') as {
    AuthEmulator: new (args: {
      projectId: string;
      host: string;
      port: number;
    }) => {
      start(): Promise<void>;
      stop(): Promise<void>;
    };
  };
  const chosen = port || (await freePort());
  const emulator = new AuthEmulator({ projectId, host: '127.0.0.1', port: chosen });
  await emulator.start();
  const url = `http://127.0.0.1:${chosen}`;
  return {
    host: `127.0.0.1:${chosen}`,
    url,
    projectId,
    async clear() {
      const response = await fetch(`${url}/emulator/v1/projects/${projectId}/accounts`, {
        method: 'DELETE',
        headers: { authorization: 'Bearer owner' },
      });
      if (!response.ok) throw new Error(`Auth emulator: clearing accounts answered ${response.status}`);
    },
    stop: () => emulator.stop(),
  };
}

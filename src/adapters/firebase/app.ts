import { randomUUID } from 'node:crypto';
import type { App } from 'firebase-admin/app';
import { loadSdk } from '../load-sdk.ts';

export type FirebaseSettings = {
  projectId: string;
  /** The service account key; omitted: Google's default credentials (GOOGLE_APPLICATION_CREDENTIALS). */
  serviceAccount?: { projectId: string; clientEmail: string; privateKey: string } | undefined;
  /** Set when the SDK talks to local emulators (it then needs and sends no credentials). */
  emulated?: boolean | undefined;
};

/**
 * One firebase-admin app for one adapter. Each gets its own named app, so closing one adapter
 * never closes another's connections, and tests can open several on different emulators.
 */
export function openFirebaseApp(settings: FirebaseSettings): { app: App; close(): Promise<void> } {
  // On the emulators Google's client libraries would still ask the cloud metadata server who we
  // are (a network call to outside the machine); nothing needs that answer there.
  if (settings.emulated) process.env.METADATA_SERVER_DETECTION ??= 'none';
  const { cert, deleteApp, initializeApp } =
    loadSdk<typeof import('firebase-admin/app')>('firebase-admin/app');
  const app = initializeApp(
    {
      projectId: settings.projectId,
      ...(settings.serviceAccount ? { credential: cert(settings.serviceAccount) } : {}),
    },
    `cardshop-${randomUUID()}`,
  );
  let closed: Promise<void> | null = null;
  return {
    app,
    close: () => {
      closed ??= deleteApp(app);
      return closed;
    },
  };
}

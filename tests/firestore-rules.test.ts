import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { initializeApp } from 'firebase/app';
import {
  collection,
  connectFirestoreEmulator,
  doc,
  getDoc,
  getDocs,
  getFirestore,
  setDoc,
  setLogLevel,
} from 'firebase/firestore';
import { initializeApp as initializeAdmin } from 'firebase-admin/app';
import { getFirestore as adminFirestore } from 'firebase-admin/firestore';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../scripts/emulators/firestore.ts';

/**
 * firestore.rules, checked on Google's own Firestore emulator: @firestore-emulator/server (the
 * one the other tests use) does not evaluate security rules at all. Google's emulator ships with
 * the Google Cloud CLI (apt package google-cloud-cli-firestore-emulator), not through npm, so this
 * file runs only where it is installed (it is on the team's machines) and is skipped elsewhere.
 */
const JAR =
  process.env.CLOUD_FIRESTORE_EMULATOR_JAR ??
  '/usr/lib/google-cloud-sdk/platform/cloud-firestore-emulator/cloud-firestore-emulator.jar';
const available = fs.existsSync(JAR) && spawnSync('java', ['-version']).status === 0;
const PROJECT = 'demo-cardshop-rules';

describe.runIf(available)('firestore.rules on the Cloud Firestore emulator', () => {
  let emulator: ChildProcess;
  let port: number;

  beforeAll(async () => {
    port = await freePort();
    const rules = path.resolve(import.meta.dirname, '..', 'firestore.rules');
    emulator = spawn(
      'java',
      [
        '-Duser.language=en',
        '-cp',
        JAR,
        'com.google.cloud.datastore.emulator.firestore.CloudFirestore',
        'start',
        '--host=127.0.0.1',
        `--port=${port}`,
        `--rules=${rules}`,
      ],
      { stdio: ['ignore', 'pipe', 'pipe'] },
    );
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error('the Firestore emulator did not start')), 50_000);
      emulator.stdout?.on('data', (chunk: Buffer) => {
        if (chunk.toString().includes('Dev App Server is now running')) {
          clearTimeout(timer);
          resolve();
        }
      });
    });
    process.env.FIRESTORE_EMULATOR_HOST = `127.0.0.1:${port}`;
    process.env.METADATA_SERVER_DETECTION = 'none';
    // The server's own write, with admin rights (rules do not bind it).
    await adminFirestore(initializeAdmin({ projectId: PROJECT }, 'rules-admin'))
      .doc('categories/nba-atlantic')
      .set({ name: 'Atlantic', teams: [] });
    // Denied writes are expected here; the SDK would log each one as an error.
    setLogLevel('silent');
  }, 60_000);

  afterAll(() => {
    emulator?.kill();
  });

  const browser = () => {
    const db = getFirestore(
      initializeApp({ projectId: PROJECT, apiKey: 'demo-api-key' }, `rules-${Math.random()}`),
    );
    connectFirestoreEmulator(db, '127.0.0.1', port);
    return db;
  };
  const code = (promise: Promise<unknown>) =>
    promise.then(
      () => 'allowed',
      (error: { code?: string }) => error.code,
    );

  it('lets anyone read the categories', async () => {
    const snapshot = await getDocs(collection(browser(), 'categories'));
    expect(snapshot.docs.map((document) => document.id)).toEqual(['nba-atlantic']);
  });

  it('refuses every write from a browser, to existing and new category documents', async () => {
    const db = browser();
    expect(await code(setDoc(doc(db, 'categories/nba-atlantic'), { name: 'x', teams: [] }))).toBe(
      'permission-denied',
    );
    expect(await code(setDoc(doc(db, 'categories/new'), { name: 'x', teams: [] }))).toBe('permission-denied');
  });

  it('keeps every other collection closed', async () => {
    const db = browser();
    expect(await code(getDoc(doc(db, 'anything/else')))).toBe('permission-denied');
    expect(await code(setDoc(doc(db, 'anything/else'), { x: 1 }))).toBe('permission-denied');
  });
});

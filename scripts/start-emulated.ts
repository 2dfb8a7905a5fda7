/**
 * npm run start:emulated: the shop with documents, sign-in and mail on the hosted backends, all
 * on this machine: Firestore and Firebase Auth emulators and an EmailJS recorder (commerce stays
 * on the embedded engine). Prints the Firebase admin it created. Emulator data lives in memory and
 * is gone when this stops; the data folder (./data-emulated) keeps the rest.
 */
import { spawn } from 'node:child_process';
import path from 'node:path';
import { generatePassword } from '../src/adapters/auth-local/passwords.ts';
import { MAIN_V8_FLAGS } from '../src/server/serving/server-flags.ts';
import { createEmulatedAdmin, startHostedStack } from './emulators/hosted-stack.ts';

const root = path.resolve(import.meta.dirname, '..');
const port = (name: string) => (process.env[name] ? Number(process.env[name]) : 0);

const stack = await startHostedStack({
  firestorePort: port('FIRESTORE_EMULATOR_PORT'),
  authPort: port('AUTH_EMULATOR_PORT'),
  emailjsPort: port('EMAILJS_RECORDER_PORT'),
  log: (line) => console.info(line),
});
const email = process.env.ADMIN_EMAIL || 'admin@example.com';
const password = process.env.ADMIN_PASSWORD || generatePassword();
await createEmulatedAdmin(stack, email, password);

console.info(
  [
    'Emulators:',
    `  Firestore       ${stack.firestore.host}`,
    `  Firebase Auth   ${stack.auth.url}`,
    `  EmailJS (local) ${stack.emailjs.origin}`,
    `Firebase admin: ${email} / ${process.env.ADMIN_PASSWORD ? '(from ADMIN_PASSWORD)' : password}`,
  ].join('\n'),
);

const shop = spawn(process.execPath, [...MAIN_V8_FLAGS, path.join(root, 'scripts', 'serve.mjs')], {
  cwd: root,
  stdio: 'inherit',
  env: {
    ...process.env,
    DATA_DIR: process.env.DATA_DIR || path.join(root, 'data-emulated'),
    ...stack.env,
    // The Firebase admin above is the one that signs in; no local account is made.
    ADMIN_EMAIL: email,
    ADMIN_PASSWORD: '',
  },
});

let stopping = false;
async function stop(code: number) {
  if (stopping) return;
  stopping = true;
  shop.kill('SIGTERM');
  await stack.stop();
  process.exit(code);
}
shop.on('exit', (code) => void stop(code ?? 0));
process.on('SIGINT', () => void stop(0));
process.on('SIGTERM', () => void stop(0));

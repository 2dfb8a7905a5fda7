import fs from 'node:fs';
import { z } from 'zod';

/**
 * Settings of the Firebase and EmailJS backends (documents, auth, mail). Kept apart from env.ts so
 * the hosted services read in one place; env.ts spreads the shape and runs the cross-checks.
 */
const optionalText = z
  .string()
  .trim()
  .transform((value) => (value === '' ? undefined : value))
  .optional();

/** host:port, the form the Firebase SDKs read from FIRESTORE_EMULATOR_HOST and FIREBASE_AUTH_EMULATOR_HOST. */
const hostPort = (name: string) =>
  optionalText.pipe(
    z
      .string()
      .regex(/^[A-Za-z0-9.-]+:\d{1,5}$/, { message: `${name} must be host:port, such as 127.0.0.1:8080` })
      .optional(),
  );

export const hostedEnvShape = {
  MAIL_BACKEND: z
    .enum(['outbox', 'smtp', 'emailjs'], { message: 'MAIL_BACKEND must be outbox, smtp or emailjs' })
    .optional(),
  FIREBASE_PROJECT_ID: optionalText.pipe(
    z
      .string()
      .regex(/^[a-z][a-z0-9-]{4,29}$/, { message: 'FIREBASE_PROJECT_ID must be a Firebase project id' })
      .optional(),
  ),
  /** The service account key as JSON, or as base64 of that JSON (easier to put in a secret store). */
  FIREBASE_SERVICE_ACCOUNT: optionalText,
  /** Google's standard variable: the path of a service account key file. */
  GOOGLE_APPLICATION_CREDENTIALS: optionalText,
  FIRESTORE_EMULATOR_HOST: hostPort('FIRESTORE_EMULATOR_HOST'),
  FIREBASE_AUTH_EMULATOR_HOST: hostPort('FIREBASE_AUTH_EMULATOR_HOST'),
  PUBLIC_FIREBASE_API_KEY: optionalText,
  PUBLIC_FIREBASE_AUTH_DOMAIN: optionalText,
  /** Only for the Auth emulator: the address the browser signs in at (connectAuthEmulator). */
  PUBLIC_FIREBASE_AUTH_EMULATOR_URL: optionalText.pipe(
    z
      .url({ message: 'PUBLIC_FIREBASE_AUTH_EMULATOR_URL must be a URL such as http://127.0.0.1:9099' })
      .optional(),
  ),
  EMAILJS_SERVICE_ID: optionalText,
  EMAILJS_TEMPLATE_ID: optionalText,
  EMAILJS_PUBLIC_KEY: optionalText,
  EMAILJS_PRIVATE_KEY: optionalText,
  EMAILJS_API_ORIGIN: z
    .url({ message: 'EMAILJS_API_ORIGIN must be a URL such as https://api.emailjs.com' })
    .default('https://api.emailjs.com'),
};

type HostedEnv = { [K in keyof typeof hostedEnvShape]?: z.infer<(typeof hostedEnvShape)[K]> } & {
  DOCUMENTS_BACKEND: string;
  AUTH_BACKEND: string;
  SMTP_HOST?: string | undefined;
};

export type ServiceAccount = { projectId: string; clientEmail: string; privateKey: string };

const serviceAccountSchema = z.object({
  project_id: z.string().min(1),
  client_email: z.email(),
  private_key: z.string().includes('PRIVATE KEY'),
});

/** The service account from FIREBASE_SERVICE_ACCOUNT (JSON or base64 JSON); null when it is not one. */
export function parseServiceAccount(value: string): ServiceAccount | null {
  const text = value.startsWith('{') ? value : Buffer.from(value, 'base64').toString('utf8');
  try {
    const parsed = serviceAccountSchema.safeParse(JSON.parse(text));
    if (!parsed.success) return null;
    const { project_id, client_email, private_key } = parsed.data;
    return { projectId: project_id, clientEmail: client_email, privateKey: private_key };
  } catch {
    return null;
  }
}

/** Which mail delivery runs: the setting when given, else SMTP when SMTP_HOST is set, else none (outbox only). */
export function mailBackend(
  env: Pick<HostedEnv, 'MAIL_BACKEND' | 'SMTP_HOST'>,
): 'outbox' | 'smtp' | 'emailjs' {
  return env.MAIL_BACKEND ?? (env.SMTP_HOST ? 'smtp' : 'outbox');
}

/** Every missing or contradictory hosted setting, as [variable, message] pairs. */
export function hostedEnvProblems(env: HostedEnv): Array<[string, string]> {
  const problems: Array<[string, string]> = [];
  const need = (key: keyof HostedEnv, why: string) => {
    if (env[key] === undefined) problems.push([key, `${key}: needed when ${why}`]);
  };
  const firestore = env.DOCUMENTS_BACKEND === 'firestore';
  const firebaseAuth = env.AUTH_BACKEND === 'firebase';

  if (firestore || firebaseAuth) {
    const why = firestore ? 'DOCUMENTS_BACKEND=firestore' : 'AUTH_BACKEND=firebase';
    need('FIREBASE_PROJECT_ID', why);
    // On the emulators no credentials are needed (demo- projects); everywhere else they are.
    const emulated =
      (!firestore || env.FIRESTORE_EMULATOR_HOST !== undefined) &&
      (!firebaseAuth || env.FIREBASE_AUTH_EMULATOR_HOST !== undefined);
    if (env.FIREBASE_SERVICE_ACCOUNT !== undefined) {
      const account = parseServiceAccount(env.FIREBASE_SERVICE_ACCOUNT);
      if (!account)
        problems.push([
          'FIREBASE_SERVICE_ACCOUNT',
          'FIREBASE_SERVICE_ACCOUNT must be the service account key JSON (or its base64)',
        ]);
      else if (env.FIREBASE_PROJECT_ID && account.projectId !== env.FIREBASE_PROJECT_ID)
        problems.push([
          'FIREBASE_SERVICE_ACCOUNT',
          `FIREBASE_SERVICE_ACCOUNT belongs to project ${account.projectId}, not FIREBASE_PROJECT_ID ${env.FIREBASE_PROJECT_ID}`,
        ]);
    } else if (env.GOOGLE_APPLICATION_CREDENTIALS !== undefined) {
      if (!fs.existsSync(env.GOOGLE_APPLICATION_CREDENTIALS))
        problems.push([
          'GOOGLE_APPLICATION_CREDENTIALS',
          `GOOGLE_APPLICATION_CREDENTIALS: no file at ${env.GOOGLE_APPLICATION_CREDENTIALS}`,
        ]);
    } else if (!emulated) {
      problems.push([
        'FIREBASE_SERVICE_ACCOUNT',
        `FIREBASE_SERVICE_ACCOUNT or GOOGLE_APPLICATION_CREDENTIALS: needed when ${why} (the server's key)`,
      ]);
    }
  }
  if (firebaseAuth) {
    need('PUBLIC_FIREBASE_API_KEY', 'AUTH_BACKEND=firebase');
    need('PUBLIC_FIREBASE_AUTH_DOMAIN', 'AUTH_BACKEND=firebase');
    if (env.FIREBASE_AUTH_EMULATOR_HOST !== undefined && env.PUBLIC_FIREBASE_AUTH_EMULATOR_URL === undefined)
      problems.push([
        'PUBLIC_FIREBASE_AUTH_EMULATOR_URL',
        'PUBLIC_FIREBASE_AUTH_EMULATOR_URL: needed with FIREBASE_AUTH_EMULATOR_HOST (the browser signs in there too)',
      ]);
  }
  if (mailBackend(env) === 'emailjs') {
    for (const key of [
      'EMAILJS_SERVICE_ID',
      'EMAILJS_TEMPLATE_ID',
      'EMAILJS_PUBLIC_KEY',
      'EMAILJS_PRIVATE_KEY',
    ] as const)
      need(key, 'MAIL_BACKEND=emailjs');
  }
  if (env.MAIL_BACKEND === 'smtp') need('SMTP_HOST', 'MAIL_BACKEND=smtp');
  return problems;
}

import { TEST_EMAILJS_ACCOUNT } from '../../tests/doubles/emailjs-recorder.ts';

export const EMULATED_PROJECT_ID = 'demo-cardshop';

/**
 * The shop's settings for documents, auth and mail on the local emulators and the EmailJS
 * recorder (commerce stays local). Pure, so the e2e config and its fixtures agree with the server.
 */
export function emulatedEnv(at: {
  firestoreHost: string;
  authUrl: string;
  emailjsOrigin: string;
}): Record<string, string> {
  return {
    DOCUMENTS_BACKEND: 'firestore',
    AUTH_BACKEND: 'firebase',
    MAIL_BACKEND: 'emailjs',
    FIREBASE_PROJECT_ID: EMULATED_PROJECT_ID,
    FIRESTORE_EMULATOR_HOST: at.firestoreHost,
    FIREBASE_AUTH_EMULATOR_HOST: new URL(at.authUrl).host,
    PUBLIC_FIREBASE_AUTH_EMULATOR_URL: at.authUrl,
    PUBLIC_FIREBASE_API_KEY: 'demo-api-key',
    PUBLIC_FIREBASE_AUTH_DOMAIN: `${EMULATED_PROJECT_ID}.firebaseapp.com`,
    EMAILJS_SERVICE_ID: TEST_EMAILJS_ACCOUNT.serviceId,
    EMAILJS_TEMPLATE_ID: TEST_EMAILJS_ACCOUNT.templateId,
    EMAILJS_PUBLIC_KEY: TEST_EMAILJS_ACCOUNT.publicKey,
    EMAILJS_PRIVATE_KEY: TEST_EMAILJS_ACCOUNT.privateKey,
    EMAILJS_API_ORIGIN: at.emailjsOrigin,
    // Google's libraries would otherwise ask the cloud metadata server who they run as.
    METADATA_SERVER_DETECTION: 'none',
  };
}

import { describe, expect, it } from 'vitest';
import { publicFirebaseConfig } from '../../../src/server/auth/public-config.ts';
import { parseEnv } from '../../../src/server/env.ts';

const SECRET_KEY = '-----BEGIN PRIVATE KEY-----\\nsecret-material\\n-----END PRIVATE KEY-----\\n';

describe('publicFirebaseConfig', () => {
  it('is null with the local accounts', () => {
    expect(publicFirebaseConfig(parseEnv({}))).toBeNull();
  });

  it('carries only the public web config, never a key of the server', () => {
    const env = parseEnv({
      AUTH_BACKEND: 'firebase',
      DOCUMENTS_BACKEND: 'firestore',
      MAIL_BACKEND: 'emailjs',
      FIREBASE_PROJECT_ID: 'my-card-shop',
      FIREBASE_SERVICE_ACCOUNT: JSON.stringify({
        project_id: 'my-card-shop',
        client_email: 'server@my-card-shop.iam.gserviceaccount.com',
        private_key: SECRET_KEY,
      }),
      PUBLIC_FIREBASE_API_KEY: 'AIza-public',
      PUBLIC_FIREBASE_AUTH_DOMAIN: 'my-card-shop.firebaseapp.com',
      EMAILJS_SERVICE_ID: 'service_x',
      EMAILJS_TEMPLATE_ID: 'template_x',
      EMAILJS_PUBLIC_KEY: 'emailjs-public',
      EMAILJS_PRIVATE_KEY: 'emailjs-private',
    });
    const config = publicFirebaseConfig(env);
    expect(config).toEqual({
      apiKey: 'AIza-public',
      authDomain: 'my-card-shop.firebaseapp.com',
      projectId: 'my-card-shop',
    });
    const sent = JSON.stringify(config);
    for (const secret of ['secret-material', 'server@', 'emailjs-private', 'emailjs-public', 'service_x'])
      expect(sent).not.toContain(secret);
  });
});

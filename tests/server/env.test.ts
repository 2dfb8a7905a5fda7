import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { defaultWebWorkers, EnvError, parseEnv } from '../../src/server/env.ts';
import { mailBackend } from '../../src/server/env-hosted.ts';
import { s3MediaSettings } from '../../src/server/env-media.ts';

function problemsOf(source: Record<string, string | undefined>): string[] {
  try {
    parseEnv(source);
  } catch (error) {
    expect(error).toBeInstanceOf(EnvError);
    return (error as EnvError).problems;
  }
  throw new Error('parseEnv accepted the input');
}

describe('parseEnv', () => {
  it('runs the embedded shop with no settings', () => {
    const env = parseEnv({});
    expect(env.DATA_DIR).toBe('./data');
    expect(path.isAbsolute(env.dataDir)).toBe(true);
    expect(env.dataDir).toBe(path.resolve('data'));
    expect(env.PORT).toBe(4321);
    expect(env.HOST).toBe('127.0.0.1');
    expect(env.siteUrl).toBe('http://localhost:4321');
    expect(env.COMMERCE_BACKEND).toBe('local');
    expect(env.DOCUMENTS_BACKEND).toBe('local');
    expect(env.AUTH_BACKEND).toBe('local');
    expect(env.SHOP_EMAIL).toBe('shop@example.com');
    expect(env.SESSION_TTL_HOURS).toBe(168);
    expect(env.ADMIN_EMAIL).toBeUndefined();
    expect(env.ADMIN_PASSWORD).toBeUndefined();
  });

  it('trusts no proxy unless TRUST_PROXY says how many stand in front', () => {
    expect(parseEnv({}).trustProxyHops).toBe(0);
    expect(parseEnv({ TRUST_PROXY: 'false' }).trustProxyHops).toBe(0);
    expect(parseEnv({ TRUST_PROXY: 'true' }).trustProxyHops).toBe(1);
    expect(parseEnv({ TRUST_PROXY: 'TRUE' }).trustProxyHops).toBe(1);
    expect(parseEnv({ TRUST_PROXY: '2' }).trustProxyHops).toBe(2);
    expect(problemsOf({ TRUST_PROXY: 'yes' })).toEqual([
      'TRUST_PROXY must be false, true, or the number of proxies in front of the shop (1-9)',
    ]);
  });

  it('serves from one worker per core but one (at least one) unless WEB_WORKERS says how many', () => {
    expect(parseEnv({}).webWorkers).toBe(defaultWebWorkers(os.availableParallelism()));
    expect([1, 2, 3, 8, 128].map(defaultWebWorkers)).toEqual([1, 1, 2, 7, 64]);
    expect(parseEnv({ WEB_WORKERS: '3' }).webWorkers).toBe(3);
    for (const bad of ['0', 'many', '1.5', '65'])
      expect(problemsOf({ WEB_WORKERS: bad })).toEqual(['WEB_WORKERS must be a whole number from 1 to 64']);
  });

  it('reads numbers from text and builds the site URL from the port', () => {
    const env = parseEnv({ PORT: '8080', DATA_DIR: '/srv/shop' });
    expect(env.PORT).toBe(8080);
    expect(env.dataDir).toBe('/srv/shop');
    expect(env.siteUrl).toBe('http://localhost:8080');
  });

  it('drops a trailing slash from SITE_URL', () => {
    expect(parseEnv({ SITE_URL: 'https://shop.example.gr/' }).siteUrl).toBe('https://shop.example.gr');
  });

  it('lists every problem at once', () => {
    const problems = problemsOf({ PORT: 'abc', SHOP_EMAIL: 'not-an-email' });
    expect(problems).toHaveLength(2);
    expect(problems[0]).toMatch(/^PORT: /);
    expect(problems[1]).toBe('SHOP_EMAIL must be an email address');
  });

  it('puts the problems in the error message too', () => {
    expect(() => parseEnv({ PORT: '70000' })).toThrow(/Invalid configuration:\n {2}- PORT: /);
  });

  it('refuses ports out of range or not whole', () => {
    for (const port of ['0', '65536', '80.5', '-1']) {
      const problems = problemsOf({ PORT: port });
      expect(problems, port).toHaveLength(1);
      expect(problems[0], port).toMatch(/^PORT: /);
    }
  });

  it('refuses an unknown backend with a clear message', () => {
    expect(problemsOf({ COMMERCE_BACKEND: 'magento' })).toEqual([
      "COMMERCE_BACKEND must be 'local' or 'shopify'",
    ]);
    expect(problemsOf({ AUTH_BACKEND: 'ldap' })).toEqual(['AUTH_BACKEND must be local or firebase']);
    expect(problemsOf({ MAIL_BACKEND: 'sendgrid' })).toEqual([
      'MAIL_BACKEND must be outbox, smtp or emailjs',
    ]);
  });

  it('lists every setting the hosted backends still need', () => {
    expect(
      problemsOf({ DOCUMENTS_BACKEND: 'firestore', AUTH_BACKEND: 'firebase', MAIL_BACKEND: 'emailjs' }),
    ).toEqual([
      'FIREBASE_PROJECT_ID: needed when DOCUMENTS_BACKEND=firestore',
      "FIREBASE_SERVICE_ACCOUNT or GOOGLE_APPLICATION_CREDENTIALS: needed when DOCUMENTS_BACKEND=firestore (the server's key)",
      'PUBLIC_FIREBASE_API_KEY: needed when AUTH_BACKEND=firebase',
      'PUBLIC_FIREBASE_AUTH_DOMAIN: needed when AUTH_BACKEND=firebase',
      'EMAILJS_SERVICE_ID: needed when MAIL_BACKEND=emailjs',
      'EMAILJS_TEMPLATE_ID: needed when MAIL_BACKEND=emailjs',
      'EMAILJS_PUBLIC_KEY: needed when MAIL_BACKEND=emailjs',
      'EMAILJS_PRIVATE_KEY: needed when MAIL_BACKEND=emailjs',
    ]);
  });

  it('runs Firebase on the emulators without a key, and checks the key otherwise', () => {
    const emulated = parseEnv({
      DOCUMENTS_BACKEND: 'firestore',
      AUTH_BACKEND: 'firebase',
      FIREBASE_PROJECT_ID: 'demo-shop',
      FIRESTORE_EMULATOR_HOST: '127.0.0.1:8080',
      FIREBASE_AUTH_EMULATOR_HOST: '127.0.0.1:9099',
      PUBLIC_FIREBASE_AUTH_EMULATOR_URL: 'http://127.0.0.1:9099',
      PUBLIC_FIREBASE_API_KEY: 'demo-key',
      PUBLIC_FIREBASE_AUTH_DOMAIN: 'demo-shop.firebaseapp.com',
    });
    expect(emulated.DOCUMENTS_BACKEND).toBe('firestore');
    const account = JSON.stringify({
      project_id: 'other-project',
      client_email: 'shop@other-project.iam.gserviceaccount.com',
      private_key: '-----BEGIN PRIVATE KEY-----\nx\n-----END PRIVATE KEY-----\n',
    });
    expect(
      problemsOf({
        DOCUMENTS_BACKEND: 'firestore',
        FIREBASE_PROJECT_ID: 'my-shop',
        FIREBASE_SERVICE_ACCOUNT: account,
      }),
    ).toEqual(['FIREBASE_SERVICE_ACCOUNT belongs to project other-project, not FIREBASE_PROJECT_ID my-shop']);
    // The same key as base64 is read the same way.
    expect(
      problemsOf({
        DOCUMENTS_BACKEND: 'firestore',
        FIREBASE_PROJECT_ID: 'my-shop',
        FIREBASE_SERVICE_ACCOUNT: Buffer.from(account).toString('base64'),
      }),
    ).toHaveLength(1);
    expect(
      problemsOf({
        DOCUMENTS_BACKEND: 'firestore',
        FIREBASE_PROJECT_ID: 'my-shop',
        FIREBASE_SERVICE_ACCOUNT: 'nope',
      }),
    ).toEqual(['FIREBASE_SERVICE_ACCOUNT must be the service account key JSON (or its base64)']);
    expect(problemsOf({ FIRESTORE_EMULATOR_HOST: 'localhost' })).toEqual([
      'FIRESTORE_EMULATOR_HOST must be host:port, such as 127.0.0.1:8080',
    ]);
  });

  it('picks SMTP when SMTP_HOST is set and keeps mail in the outbox otherwise', () => {
    expect(mailBackend(parseEnv({}))).toBe('outbox');
    expect(mailBackend(parseEnv({ SMTP_HOST: 'smtp.example.gr' }))).toBe('smtp');
    expect(mailBackend(parseEnv({ SMTP_HOST: 'smtp.example.gr', MAIL_BACKEND: 'outbox' }))).toBe('outbox');
    expect(problemsOf({ MAIL_BACKEND: 'smtp' })).toEqual(['SMTP_HOST: needed when MAIL_BACKEND=smtp']);
  });

  it('refuses an admin password shorter than 12 characters', () => {
    expect(problemsOf({ ADMIN_EMAIL: 'owner@example.gr', ADMIN_PASSWORD: 'short-pw' })).toEqual([
      'ADMIN_PASSWORD must have at least 12 characters',
    ]);
    expect(parseEnv({ ADMIN_EMAIL: 'owner@example.gr', ADMIN_PASSWORD: 'twelve-chars' }).ADMIN_PASSWORD).toBe(
      'twelve-chars',
    );
  });

  it('refuses an admin password without an admin email', () => {
    expect(problemsOf({ ADMIN_PASSWORD: 'long-enough-password' })).toEqual([
      'ADMIN_EMAIL: needed when ADMIN_PASSWORD is set',
    ]);
  });

  it('treats an empty value as unset, so the default applies', () => {
    const env = parseEnv({ PORT: '', DATA_DIR: ' ', SESSION_TTL_HOURS: '' });
    expect(env.PORT).toBe(4321);
    expect(env.SESSION_TTL_HOURS).toBe(168);
    expect(env.dataDir).toBe(path.resolve('./data'));
  });

  it('treats empty admin settings as unset', () => {
    const env = parseEnv({ ADMIN_EMAIL: '', ADMIN_PASSWORD: '  ' });
    expect(env.ADMIN_EMAIL).toBeUndefined();
    expect(env.ADMIN_PASSWORD).toBeUndefined();
  });

  it('names this instance with INSTANCE_ID, unnamed by default, and refuses a name with spaces or slashes', () => {
    expect(parseEnv({}).INSTANCE_ID).toBe('');
    expect(parseEnv({ INSTANCE_ID: ' shop-2 ' }).INSTANCE_ID).toBe('shop-2');
    for (const bad of ['shop 2', 'a/b', 'x'.repeat(65)])
      expect(problemsOf({ INSTANCE_ID: bad })).toEqual([
        'INSTANCE_ID must be up to 64 letters, digits, dots, dashes, underscores or colons',
      ]);
  });

  it('builds its own storefront unless STOREFRONT_BUILDS=shared, which needs PostgreSQL', () => {
    expect(parseEnv({}).STOREFRONT_BUILDS).toBe('own');
    const url = 'postgres://shop:secret@localhost:5432/shop';
    expect(parseEnv({ STOREFRONT_BUILDS: 'shared', DATABASE_URL: url }).STOREFRONT_BUILDS).toBe('shared');
    expect(problemsOf({ STOREFRONT_BUILDS: 'shared' })).toEqual([
      'STOREFRONT_BUILDS: shared needs DATABASE_URL (the instances share builds through PostgreSQL)',
    ]);
    expect(problemsOf({ STOREFRONT_BUILDS: 'fetch', DATABASE_URL: url })).toEqual([
      'STOREFRONT_BUILDS must be own or shared',
    ]);
  });

  it('refuses a SITE_URL that is not a URL', () => {
    expect(problemsOf({ SITE_URL: 'shop.example.gr' })).toEqual([
      'SITE_URL must be a full URL such as https://shop.example.gr',
    ]);
  });
});

describe('parseEnv with COMMERCE_BACKEND=shopify', () => {
  const shopify = {
    COMMERCE_BACKEND: 'shopify',
    SHOPIFY_STORE_DOMAIN: 'card-vault.myshopify.com',
    SHOPIFY_STOREFRONT_TOKEN: '0123456789abcdef0123456789abcdef',
    SHOPIFY_ADMIN_TOKEN: 'shpat_0123456789abcdef0123456789abcdef',
  };

  it('takes the store, both tokens and the pinned API version by default', () => {
    const env = parseEnv(shopify);
    expect(env).toMatchObject({ ...shopify, SHOPIFY_API_VERSION: '2026-04' });
    expect(parseEnv({ ...shopify, SHOPIFY_API_VERSION: '2026-07' }).SHOPIFY_API_VERSION).toBe('2026-07');
  });

  it('lists every missing setting at once, with the other problems', () => {
    expect(problemsOf({ COMMERCE_BACKEND: 'shopify', PORT: 'abc' })).toEqual([
      expect.stringMatching(/^PORT: /),
      'SHOPIFY_STORE_DOMAIN: needed when COMMERCE_BACKEND=shopify',
      'SHOPIFY_STOREFRONT_TOKEN: needed when COMMERCE_BACKEND=shopify',
      'SHOPIFY_ADMIN_TOKEN: needed when COMMERCE_BACKEND=shopify',
    ]);
  });

  it('refuses a malformed domain, token, version or webhook secret, and an unknown backend', () => {
    const problems = problemsOf({
      ...shopify,
      SHOPIFY_STORE_DOMAIN: 'https://card-vault.myshopify.com/admin',
      SHOPIFY_ADMIN_TOKEN: 'short',
      SHOPIFY_API_VERSION: '2025-04',
      SHOPIFY_WEBHOOK_SECRET: 'tiny',
    });
    expect(problems).toHaveLength(4);
    expect(problems.join('\n')).toMatch(/SHOPIFY_STORE_DOMAIN must be the shop domain/);
    expect(problems.join('\n')).toMatch(/SHOPIFY_API_VERSION must be one of 2026-04, 2026-07/);
    expect(problemsOf({ COMMERCE_BACKEND: 'magento' })).toEqual([
      "COMMERCE_BACKEND must be 'local' or 'shopify'",
    ]);
  });

  it('accepts the local double over http on this machine only', () => {
    expect(parseEnv({ ...shopify, SHOPIFY_STORE_DOMAIN: 'http://127.0.0.1:4610' }).SHOPIFY_STORE_DOMAIN).toBe(
      'http://127.0.0.1:4610',
    );
    expect(problemsOf({ ...shopify, SHOPIFY_STORE_DOMAIN: 'http://shop.example.gr' })).toHaveLength(1);
  });

  it('never names a token in its messages', () => {
    const secret = 'shpat_with spaces that is wrong';
    const problems = problemsOf({ ...shopify, SHOPIFY_ADMIN_TOKEN: secret });
    expect(problems.join('\n')).not.toContain(secret);
  });
});

describe('parseEnv with MEDIA_BACKEND=s3', () => {
  const s3 = {
    MEDIA_BACKEND: 's3',
    S3_ENDPOINT: 'http://127.0.0.1:9000',
    S3_REGION: 'us-east-1',
    S3_BUCKET: 'card-images',
    S3_ACCESS_KEY_ID: 'shop-media',
    S3_SECRET_ACCESS_KEY: 'a-secret-key-of-the-store',
    S3_FORCE_PATH_STYLE: 'true',
  };

  it('keeps images in the data folder unless MEDIA_BACKEND says s3', () => {
    expect(parseEnv({}).MEDIA_BACKEND).toBe('local');
    // S3 settings alone choose nothing (a copied .env may hold them).
    expect(parseEnv({ S3_BUCKET: 'card-images' }).MEDIA_BACKEND).toBe('local');
  });

  it('takes the store, bucket and keys, with AWS S3 when no endpoint is given', () => {
    expect(s3MediaSettings(parseEnv({ ...s3, MEDIA_PUBLIC_URL: 'https://cdn.example.gr/' }))).toEqual({
      endpoint: 'http://127.0.0.1:9000',
      region: 'us-east-1',
      bucket: 'card-images',
      accessKeyId: 'shop-media',
      secretAccessKey: 'a-secret-key-of-the-store',
      forcePathStyle: true,
      publicUrl: 'https://cdn.example.gr/',
    });
    const aws = parseEnv({ ...s3, S3_ENDPOINT: '', S3_FORCE_PATH_STYLE: '', S3_REGION: 'eu-central-1' });
    expect(s3MediaSettings(aws)).toMatchObject({ endpoint: undefined, forcePathStyle: false });
  });

  it('lists every missing S3 setting at once, with the other problems', () => {
    expect(problemsOf({ MEDIA_BACKEND: 's3', S3_ENDPOINT: 'minio:9000', PORT: 'abc' })).toEqual([
      expect.stringMatching(/^PORT: /),
      'S3_ENDPOINT must be the address of the S3-compatible store, such as https://s3.eu-central-1.amazonaws.com or http://127.0.0.1:9000',
      'S3_REGION: needed when MEDIA_BACKEND=s3',
      'S3_BUCKET: needed when MEDIA_BACKEND=s3',
      'S3_ACCESS_KEY_ID: needed when MEDIA_BACKEND=s3',
      'S3_SECRET_ACCESS_KEY: needed when MEDIA_BACKEND=s3',
    ]);
  });

  it('refuses a wrong backend, bucket, region, path style or public URL, never naming the secret', () => {
    expect(problemsOf({ MEDIA_BACKEND: 'ftp' })).toEqual(['MEDIA_BACKEND must be local or s3']);
    const secret = 'secret with spaces';
    const problems = problemsOf({
      ...s3,
      S3_BUCKET: 's3://card-images',
      S3_REGION: 'Frankfurt am Main',
      S3_FORCE_PATH_STYLE: 'yes',
      S3_SECRET_ACCESS_KEY: secret,
      MEDIA_PUBLIC_URL: 'cdn.example.gr',
    });
    expect(problems).toEqual([
      'S3_REGION must be a region name such as eu-central-1 (auto on Cloudflare R2)',
      'S3_BUCKET must be the name of a bucket (3-63 letters, digits, dots and hyphens), not a URL',
      'S3_SECRET_ACCESS_KEY must be the secret key, without spaces',
      'S3_FORCE_PATH_STYLE must be true or false',
      'MEDIA_PUBLIC_URL must be a full URL such as https://cdn.example.gr or https://bucket.s3.amazonaws.com',
    ]);
    expect(problems.join('\n')).not.toContain(secret);
  });

  it('refuses S3 with Shopify, which keeps the images itself, and a public URL without S3', () => {
    expect(
      problemsOf({
        ...s3,
        COMMERCE_BACKEND: 'shopify',
        SHOPIFY_STORE_DOMAIN: 'card-vault.myshopify.com',
        SHOPIFY_STOREFRONT_TOKEN: '0123456789abcdef0123456789abcdef',
        SHOPIFY_ADMIN_TOKEN: 'shpat_0123456789abcdef0123456789abcdef',
      }),
    ).toEqual([
      'MEDIA_BACKEND: s3 is for the embedded engine; with COMMERCE_BACKEND=shopify images go to Shopify',
    ]);
    expect(problemsOf({ MEDIA_PUBLIC_URL: 'https://cdn.example.gr' })).toEqual([
      'MEDIA_PUBLIC_URL: only with MEDIA_BACKEND=s3 (the shop serves its own files at /media/)',
    ]);
  });
});

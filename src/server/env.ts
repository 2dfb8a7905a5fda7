import os from 'node:os';
import path from 'node:path';
import { z } from 'zod';
import { hostedEnvProblems, hostedEnvShape } from './env-hosted.ts';
import { mediaEnvShape, mediaSettingProblems } from './env-media.ts';
import { missingShopifySettings, shopifyEnvShape } from './shopify/env-shopify.ts';

/**
 * Server configuration, validated once at start-up. Every problem is listed at once so a
 * shop owner fixes the .env file in one go. Defaults run the embedded backend with no setup.
 */
const optionalText = z
  .string()
  .trim()
  .transform((value) => (value === '' ? undefined : value))
  .optional();

const envSchema = z
  .object({
    DATA_DIR: z.string().trim().min(1).default('./data'),
    /** The shop's database on PostgreSQL 14 or later (decision 093); unset, SQLite in DATA_DIR. */
    DATABASE_URL: optionalText.pipe(
      z
        .string()
        .regex(/^postgres(ql)?:\/\/\S+$/, {
          message:
            'DATABASE_URL must be a PostgreSQL address such as postgres://shop:password@localhost:5432/shop',
        })
        .optional(),
    ),
    /** Connections each process keeps to PostgreSQL at most. */
    DATABASE_POOL_SIZE: z.coerce
      .number({ message: 'DATABASE_POOL_SIZE must be a whole number from 1 to 100' })
      .int({ message: 'DATABASE_POOL_SIZE must be a whole number from 1 to 100' })
      .min(1, { message: 'DATABASE_POOL_SIZE must be a whole number from 1 to 100' })
      .max(100, { message: 'DATABASE_POOL_SIZE must be a whole number from 1 to 100' })
      .default(10),
    /**
     * This instance's name among several on one database (decision 096): its build records and
     * /api/health name it. Unset, '' (one instance).
     */
    INSTANCE_ID: z
      .string()
      .trim()
      .regex(/^[A-Za-z0-9._:-]{0,64}$/, {
        message: 'INSTANCE_ID must be up to 64 letters, digits, dots, dashes, underscores or colons',
      })
      .default(''),
    /**
     * `own`: this instance builds its own storefront. `shared` (PostgreSQL only): one instance
     * builds for all that share the code and install path, the others download its build
     * (decision 102).
     */
    STOREFRONT_BUILDS: z
      .enum(['own', 'shared'], { message: 'STOREFRONT_BUILDS must be own or shared' })
      .default('own'),
    HOST: z.string().trim().min(1).default('127.0.0.1'),
    PORT: z.coerce.number().int().min(1).max(65_535).default(4321),
    SITE_URL: z.url({ message: 'SITE_URL must be a full URL such as https://shop.example.gr' }).optional(),
    COMMERCE_BACKEND: z
      .enum(['local', 'shopify'], { message: "COMMERCE_BACKEND must be 'local' or 'shopify'" })
      .default('local'),
    ...shopifyEnvShape,
    DOCUMENTS_BACKEND: z
      .enum(['local', 'firestore'], { message: 'DOCUMENTS_BACKEND must be local or firestore' })
      .default('local'),
    AUTH_BACKEND: z
      .enum(['local', 'firebase'], { message: 'AUTH_BACKEND must be local or firebase' })
      .default('local'),
    ADMIN_EMAIL: optionalText.pipe(z.email({ message: 'ADMIN_EMAIL must be an email address' }).optional()),
    ADMIN_PASSWORD: optionalText.pipe(
      z.string().min(12, { message: 'ADMIN_PASSWORD must have at least 12 characters' }).optional(),
    ),
    SHOP_EMAIL: z.email({ message: 'SHOP_EMAIL must be an email address' }).default('shop@example.com'),
    SESSION_TTL_HOURS: z.coerce
      .number()
      .int()
      .min(1)
      .max(24 * 90)
      .default(24 * 7),
    /** Processes serving requests (one per core but one by default); the main process builds and delivers mail. */
    WEB_WORKERS: z.coerce
      .number({ message: 'WEB_WORKERS must be a whole number from 1 to 64' })
      .int({ message: 'WEB_WORKERS must be a whole number from 1 to 64' })
      .min(1, { message: 'WEB_WORKERS must be a whole number from 1 to 64' })
      .max(64, { message: 'WEB_WORKERS must be a whole number from 1 to 64' })
      .optional(),
    REBUILD_DEBOUNCE_MS: z.coerce.number().int().min(0).max(600_000).default(1500),
    /**
     * `ahead`: the next storefront build's process starts when the shop starts and after each build
     * it makes, and bundles the code then, so that a change waits only for its pages; it holds its
     * memory while it waits (decision 105). `on-change`: it starts when a change is seen.
     */
    REBUILD_PREPARE: z
      .enum(['ahead', 'on-change'], { message: 'REBUILD_PREPARE must be ahead or on-change' })
      .default('ahead'),
    CART_TTL_DAYS: z.coerce.number().int().min(1).max(365).default(30),
    SHIPPING_CENTS: z.coerce.number().int().min(0).max(100_000).default(350),
    MAIL_FROM: z.string().trim().min(3).default('CardVault <shop@example.com>'),
    SMTP_HOST: optionalText,
    SMTP_PORT: z.coerce.number().int().min(1).max(65_535).default(587),
    SMTP_SECURE: z.enum(['true', 'false'], { message: 'SMTP_SECURE must be true or false' }).default('false'),
    SMTP_USER: optionalText,
    SMTP_PASSWORD: optionalText,
    TRUST_PROXY: z
      .string()
      .trim()
      .toLowerCase()
      .regex(/^(true|false|[0-9])$/, {
        message: 'TRUST_PROXY must be false, true, or the number of proxies in front of the shop (1-9)',
      })
      .default('false'),
    ...hostedEnvShape,
    ...mediaEnvShape,
  })
  .superRefine((env, context) => {
    for (const [key, message] of hostedEnvProblems(env))
      context.addIssue({ code: 'custom', message, path: [key] });
  })
  .refine((env) => env.STOREFRONT_BUILDS === 'own' || env.DATABASE_URL !== undefined, {
    message: 'STOREFRONT_BUILDS: shared needs DATABASE_URL (the instances share builds through PostgreSQL)',
    path: ['STOREFRONT_BUILDS'],
  })
  .refine((env) => env.ADMIN_PASSWORD === undefined || env.ADMIN_EMAIL !== undefined, {
    message: 'ADMIN_EMAIL: needed when ADMIN_PASSWORD is set',
    path: ['ADMIN_EMAIL'],
  });

export type Env = z.infer<typeof envSchema> & {
  dataDir: string;
  siteUrl: string;
  /** How many reverse proxies' X-Forwarded-* entries to trust (TRUST_PROXY; 0: none). */
  trustProxyHops: number;
  /** How many processes serve requests (WEB_WORKERS, else one per core but one). */
  webWorkers: number;
};

export class EnvError extends Error {
  readonly problems: string[];

  constructor(problems: string[]) {
    super(`Invalid configuration:\n${problems.map((problem) => `  - ${problem}`).join('\n')}`);
    this.name = 'EnvError';
    this.problems = problems;
  }
}

/** Parses a plain record of variables (process.env in production, a literal in tests). */
export function parseEnv(source: Record<string, string | undefined>): Env {
  // An empty value (PORT=) means "not set", so the default applies.
  const given = Object.fromEntries(
    Object.entries(source).filter(([, value]) => value !== undefined && value.trim() !== ''),
  );
  const result = envSchema.safeParse(given);
  // Checked on the raw values, so they join the list even when another value is wrong.
  const missing = [...missingShopifySettings(given), ...mediaSettingProblems(given)];
  if (!result.success || missing.length > 0) {
    throw new EnvError([
      ...(result.error?.issues ?? []).map((issue) => {
        const key = issue.path.join('.');
        return issue.message.startsWith(key) ? issue.message : `${key}: ${issue.message}`;
      }),
      ...missing,
    ]);
  }
  const env = result.data;
  return {
    ...env,
    dataDir: path.resolve(env.DATA_DIR),
    siteUrl: (env.SITE_URL ?? `http://localhost:${env.PORT}`).replace(/\/$/, ''),
    trustProxyHops:
      env.TRUST_PROXY === 'true' ? 1 : env.TRUST_PROXY === 'false' ? 0 : Number(env.TRUST_PROXY),
    webWorkers: env.WEB_WORKERS ?? defaultWebWorkers(os.availableParallelism()),
  };
}

let cached: Env | undefined;

export function getEnv(): Env {
  cached ??= parseEnv(process.env);
  return cached;
}

/**
 * One worker per core but one (at least one): the main process's core builds the storefront,
 * resizes uploads and delivers mail without taking one from the requests, and the proxy in front
 * has room too (decision 059).
 */
export const defaultWebWorkers = (cores: number): number => Math.max(1, Math.min(64, cores - 1));

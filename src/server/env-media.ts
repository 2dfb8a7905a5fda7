import { z } from 'zod';
import type { S3MediaSettings } from '../adapters/media-s3/index.ts';

/**
 * Where product images are stored (decision 094): files in the data folder (local, the default),
 * or an S3-compatible bucket (s3). Checked with the rest of the environment (env.ts), so a wrong
 * or missing setting is in the same list. The secret key is never named in a message.
 */
const optionalText = z
  .string()
  .trim()
  .transform((value) => (value === '' ? undefined : value))
  .optional();

const httpUrl = (message: string) => optionalText.pipe(z.url({ protocol: /^https?$/, message }).optional());

export const mediaEnvShape = {
  MEDIA_BACKEND: z.enum(['local', 's3'], { message: 'MEDIA_BACKEND must be local or s3' }).default('local'),
  /** The store's address; unset, AWS S3 in S3_REGION. */
  S3_ENDPOINT: httpUrl(
    'S3_ENDPOINT must be the address of the S3-compatible store, such as https://s3.eu-central-1.amazonaws.com or http://127.0.0.1:9000',
  ),
  S3_REGION: optionalText.pipe(
    z
      .string()
      .regex(/^[a-z0-9][a-z0-9-]{0,39}$/, {
        message: 'S3_REGION must be a region name such as eu-central-1 (auto on Cloudflare R2)',
      })
      .optional(),
  ),
  S3_BUCKET: optionalText.pipe(
    z
      .string()
      .regex(/^[A-Za-z0-9][A-Za-z0-9._-]{1,61}[A-Za-z0-9]$/, {
        message: 'S3_BUCKET must be the name of a bucket (3-63 letters, digits, dots and hyphens), not a URL',
      })
      .optional(),
  ),
  S3_ACCESS_KEY_ID: optionalText.pipe(
    z
      .string()
      .regex(/^\S+$/, { message: 'S3_ACCESS_KEY_ID must be the access key id, without spaces' })
      .optional(),
  ),
  S3_SECRET_ACCESS_KEY: optionalText.pipe(
    z
      .string()
      .regex(/^\S+$/, { message: 'S3_SECRET_ACCESS_KEY must be the secret key, without spaces' })
      .optional(),
  ),
  S3_FORCE_PATH_STYLE: z
    .enum(['true', 'false'], { message: 'S3_FORCE_PATH_STYLE must be true or false' })
    .default('false'),
  /** Where browsers fetch every image straight from the bucket or a CDN; unset, from the shop. */
  MEDIA_PUBLIC_URL: httpUrl(
    'MEDIA_PUBLIC_URL must be a full URL such as https://cdn.example.gr or https://bucket.s3.amazonaws.com',
  ),
};

const NEEDED_FOR_S3 = ['S3_REGION', 'S3_BUCKET', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'] as const;

/**
 * What MEDIA_BACKEND still needs or contradicts, read from the raw values so it joins the list
 * even when another value is wrong.
 */
export function mediaSettingProblems(given: Record<string, string | undefined>): string[] {
  const s3 = given.MEDIA_BACKEND?.trim() === 's3';
  if (!s3)
    return given.MEDIA_PUBLIC_URL?.trim()
      ? ['MEDIA_PUBLIC_URL: only with MEDIA_BACKEND=s3 (the shop serves its own files at /media/)']
      : [];
  const problems: string[] = NEEDED_FOR_S3.filter((key) => !given[key]?.trim()).map(
    (key) => `${key}: needed when MEDIA_BACKEND=s3`,
  );
  if (given.COMMERCE_BACKEND?.trim() === 'shopify')
    problems.push(
      'MEDIA_BACKEND: s3 is for the embedded engine; with COMMERCE_BACKEND=shopify images go to Shopify',
    );
  return problems;
}

type MediaEnv = { [K in keyof typeof mediaEnvShape]?: z.infer<(typeof mediaEnvShape)[K]> };

/** The S3 adapter's settings from the validated environment (MEDIA_BACKEND=s3). */
export function s3MediaSettings(env: MediaEnv): S3MediaSettings {
  return {
    endpoint: env.S3_ENDPOINT,
    region: env.S3_REGION ?? '',
    bucket: env.S3_BUCKET ?? '',
    accessKeyId: env.S3_ACCESS_KEY_ID ?? '',
    secretAccessKey: env.S3_SECRET_ACCESS_KEY ?? '',
    forcePathStyle: env.S3_FORCE_PATH_STYLE === 'true',
    publicUrl: env.MEDIA_PUBLIC_URL,
  };
}

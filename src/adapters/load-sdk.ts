import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);

/**
 * A hosted service's SDK (or sharp), loaded the first time an adapter uses it (decision 056). The
 * composition root imports every adapter, and importing firebase-admin, graphql-request,
 * nodemailer and sharp up front cost each of the shop's processes about 50 MB, which the local
 * engine serving pages never uses. A synchronous require keeps the adapters' factories as they
 * are; Node caches the module after the first call.
 */
export function loadSdk<T>(name: SdkName): T {
  return require(name) as T;
}

type SdkName =
  | '@aws-sdk/client-s3'
  | 'firebase-admin/app'
  | 'firebase-admin/auth'
  | 'firebase-admin/firestore'
  | 'graphql-request'
  | 'nodemailer'
  | 'sharp';

type Sharp = typeof import('sharp').default;

/** sharp, loaded on first use: the media adapters' image work, never needed to serve pages. */
export const sharp = (...args: Parameters<Sharp>): ReturnType<Sharp> => loadSdk<Sharp>('sharp')(...args);

/** The versions of sharp and of its libvips, loading sharp as `sharp` does. */
export const sharpVersions = (): Sharp['versions'] => loadSdk<Sharp>('sharp').versions;

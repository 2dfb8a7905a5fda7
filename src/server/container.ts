import { createLocalAuth } from '../adapters/auth-local/index.ts';
import { createLocalBuilds } from '../adapters/builds-local/index.ts';
import { createLocalCommerce } from '../adapters/commerce-local/index.ts';
import { createLocalDocuments } from '../adapters/docs-local/index.ts';
import { createLocalMedia } from '../adapters/media-local/index.ts';
import { type Engine, openEngine } from '../adapters/sqlite/database.ts';
import type { AuthPort } from '../ports/auth.ts';
import type { BuildsPort } from '../ports/builds.ts';
import type { CommercePort } from '../ports/commerce.ts';
import type { DocumentsPort } from '../ports/documents.ts';
import type { MediaPort } from '../ports/media.ts';
import { type Env, getEnv } from './env.ts';

/** Every port the app uses, wired once. The only module that knows which adapter serves a port. */
export type Container = {
  env: Env;
  commerce: CommercePort;
  documents: DocumentsPort;
  auth: AuthPort;
  media: MediaPort;
  builds: BuildsPort;
  /** The embedded engine, for the command-line scripts (seed, admin accounts). */
  engine: Engine;
  close(): void;
};

export function createContainer(env: Env): Container {
  const engine = openEngine(env.dataDir);
  return {
    env,
    engine,
    commerce: createLocalCommerce(engine),
    documents: createLocalDocuments(engine),
    auth: createLocalAuth(engine, { sessionTtlHours: env.SESSION_TTL_HOURS }),
    media: createLocalMedia(engine),
    builds: createLocalBuilds(engine),
    close: () => engine.sqlite.close(),
  };
}

// Kept on globalThis: the server loads each new storefront build's bundle into the same
// process, and all of them must share one database connection.
const holder = globalThis as typeof globalThis & { __cardshopContainer?: Container };

/** The process-wide container, built from the validated environment on first use. */
export function getContainer(): Container {
  holder.__cardshopContainer ??= createContainer(getEnv());
  return holder.__cardshopContainer;
}

/** Lets a script that built its own container make it the one the app uses. */
export function setSharedContainer(container: Container): void {
  holder.__cardshopContainer = container;
}

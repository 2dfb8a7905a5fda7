import { createLocalAuth } from '../adapters/auth-local/index.ts';
import { createLocalBuilds } from '../adapters/builds-local/index.ts';
import { createLocalCarts } from '../adapters/commerce-local/carts.ts';
import { createLocalCommerce } from '../adapters/commerce-local/index.ts';
import { createLocalOrders } from '../adapters/commerce-local/orders.ts';
import { createLocalContact } from '../adapters/contact-local/index.ts';
import { createLocalDocuments } from '../adapters/docs-local/index.ts';
import { enqueueMail } from '../adapters/mail-outbox/enqueue.ts';
import { createOutboxMail } from '../adapters/mail-outbox/index.ts';
import { createSmtpTransport } from '../adapters/mail-smtp/index.ts';
import { createLocalMedia } from '../adapters/media-local/index.ts';
import { createLocalRateLimits } from '../adapters/rate-limits-local/index.ts';
import { type Engine, openEngine } from '../adapters/sqlite/database.ts';
import type { AuthPort } from '../ports/auth.ts';
import type { BuildsPort } from '../ports/builds.ts';
import type { CartPort, CommercePort, OrderPort } from '../ports/commerce.ts';
import type { ContactPort } from '../ports/contact.ts';
import type { DocumentsPort } from '../ports/documents.ts';
import type { MailPort } from '../ports/mail.ts';
import type { MediaPort } from '../ports/media.ts';
import type { RateLimitPort } from '../ports/rate-limits.ts';
import { type Env, getEnv } from './env.ts';

/** Every port the app uses, wired once. The only module that knows which adapter serves a port. */
export type Container = {
  env: Env;
  commerce: CommercePort;
  carts: CartPort;
  orders: OrderPort;
  documents: DocumentsPort;
  auth: AuthPort;
  media: MediaPort;
  mail: MailPort;
  contact: ContactPort;
  builds: BuildsPort;
  limits: RateLimitPort;
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
    carts: createLocalCarts(engine.db),
    orders: createLocalOrders(engine.db, { enqueueMail }),
    documents: createLocalDocuments(engine),
    auth: createLocalAuth(engine, { sessionTtlHours: env.SESSION_TTL_HOURS }),
    media: createLocalMedia(engine),
    mail: createOutboxMail(engine, {
      from: env.MAIL_FROM,
      // Without SMTP the outbox keeps every message, readable with `npm run outbox`.
      transport: env.SMTP_HOST
        ? createSmtpTransport({
            host: env.SMTP_HOST,
            port: env.SMTP_PORT,
            secure: env.SMTP_SECURE === 'true',
            user: env.SMTP_USER,
            password: env.SMTP_PASSWORD,
          })
        : null,
    }),
    contact: createLocalContact(engine, { enqueueMail }),
    builds: createLocalBuilds(engine),
    limits: createLocalRateLimits(engine),
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

import { createFirebaseAuth } from '../adapters/auth-firebase/index.ts';
import { createLocalAuth } from '../adapters/auth-local/index.ts';
import { createPostgresBuildArtifacts } from '../adapters/build-artifacts-postgres/index.ts';
import { createLocalBuilds } from '../adapters/builds-local/index.ts';
import { createLocalCarts } from '../adapters/commerce-local/carts.ts';
import { createLocalCommerce } from '../adapters/commerce-local/index.ts';
import { createLocalOrders } from '../adapters/commerce-local/orders.ts';
import { createLocalOverview } from '../adapters/commerce-local/overview.ts';
import { createDatabaseContact } from '../adapters/contact-database/index.ts';
import { localContentVersion } from '../adapters/database/content-version.ts';
import { readCounters } from '../adapters/database/counters.ts';
import type { ShopDatabase } from '../adapters/database/shop-database.ts';
import { createDatabaseDocuments } from '../adapters/docs-database/index.ts';
import { createFirestoreDocuments } from '../adapters/docs-firestore/index.ts';
import type { FirebaseSettings } from '../adapters/firebase/app.ts';
import { createImportJobStore, type ImportJobStore } from '../adapters/import-jobs/index.ts';
import { createEmailJsTransport } from '../adapters/mail-emailjs/index.ts';
import { enqueueMail } from '../adapters/mail-outbox/enqueue.ts';
import { createOutboxMail, type MailTransport } from '../adapters/mail-outbox/index.ts';
import { createSmtpTransport } from '../adapters/mail-smtp/index.ts';
import { createLocalMedia } from '../adapters/media-local/index.ts';
import { createS3Media } from '../adapters/media-s3/index.ts';
import { type CounterCache, cacheCounters } from '../adapters/postgres/counter-cache.ts';
import { connectPostgres, migratePostgres, type PostgresEngine } from '../adapters/postgres/database.ts';
import type { Notifications } from '../adapters/postgres/notifications.ts';
import { createLocalRateLimits } from '../adapters/rate-limits-local/index.ts';
import { createPostgresRateLimits } from '../adapters/rate-limits-postgres/index.ts';
import { createLocalSettings } from '../adapters/settings-local/index.ts';
import { type Engine, openEngine } from '../adapters/sqlite/database.ts';
import type { WriteGate } from '../adapters/sqlite/write-queue.ts';
import { createLocalStockAlerts } from '../adapters/stock-alerts-local/index.ts';
import { firstSettings } from '../domain/settings/first-settings.ts';
import type { AuthPort } from '../ports/auth.ts';
import type { BuildArtifactsPort } from '../ports/build-artifacts.ts';
import type { BuildsPort } from '../ports/builds.ts';
import type { CartPort, CommercePort, HostedOrdersPort, OrderPort } from '../ports/commerce.ts';
import type { ContactPort } from '../ports/contact.ts';
import type { DocumentsPort } from '../ports/documents.ts';
import type { MailPort } from '../ports/mail.ts';
import type { MediaPort } from '../ports/media.ts';
import type { OverviewPort } from '../ports/overview.ts';
import type { RateLimitPort } from '../ports/rate-limits.ts';
import type { SettingsPort } from '../ports/settings.ts';
import type { StockAlertPort } from '../ports/stock-alerts.ts';
import { type Env, getEnv } from './env.ts';
import { mailBackend, parseServiceAccount } from './env-hosted.ts';
import { s3MediaSettings } from './env-media.ts';
import { createShopifyBackend, type ShopifyBackend } from './shopify/shopify-backend.ts';

/** Every port the app uses, wired once. The only module that knows which adapter serves a port. */
export type Container = {
  env: Env;
  commerce: CommercePort;
  carts: CartPort;
  orders: OrderPort;
  /** The dashboard overview's sales and stock figures: the engine's, or Shopify's orders (decision 091). */
  overview: OverviewPort;
  documents: DocumentsPort;
  auth: AuthPort;
  media: MediaPort;
  mail: MailPort;
  contact: ContactPort;
  builds: BuildsPort;
  /** Builds shared between instances (STOREFRONT_BUILDS=shared, decision 102); null: each builds its own. */
  buildArtifacts: BuildArtifactsPort | null;
  limits: RateLimitPort;
  /** The shop's own settings (identity, bank accounts, pickup point, shipping), in its database. */
  settings: SettingsPort;
  /** "Notify me when back in stock" subscriptions, in the shop's own database in every mode (decision 087). */
  stockAlerts: StockAlertPort;
  /**
   * Orders a hosted checkout took (Shopify), read-only; null when the shop takes orders itself
   * (`orders`). src/server/orders/checkout.ts says where the two differ.
   */
  hostedOrders: HostedOrdersPort | null;
  /** The Shopify backend's clients and webhook settings for the proxies; null on the embedded engine. */
  shopify: ShopifyBackend | null;
  /** Catalogue import jobs, in the shop's own database whatever the commerce backend. */
  importJobs: ImportJobStore;
  /**
   * One string that moves whenever anything a storefront answer shows changes (the catalogue, its
   * stock, the category documents), for keeping rendered answers (src/server/cache/response-cache.ts);
   * null when a hosted backend holds some of it and has no such cheap, complete version.
   */
  contentVersion: (() => Promise<string>) | null;
  /**
   * The content counters kept in memory, on PostgreSQL in a process that hears its changes; the
   * server tells it of each request that may write (counter-cache.ts). Null elsewhere.
   */
  counterCache: CounterCache | null;
  /** The shop's own database: PostgreSQL with DATABASE_URL, else SQLite in the data folder (decision 093). */
  database: ShopDatabase;
  /** The embedded SQLite engine, when the shop's database is SQLite; null on PostgreSQL. */
  engine: Engine | null;
  close(): void;
};

/** The Firebase project, key and emulator use, from the validated settings (decision 010). */
export function firebaseSettings(env: Env, emulatorHost: string | undefined): FirebaseSettings {
  return {
    projectId: env.FIREBASE_PROJECT_ID ?? '',
    serviceAccount: env.FIREBASE_SERVICE_ACCOUNT
      ? (parseServiceAccount(env.FIREBASE_SERVICE_ACCOUNT) ?? undefined)
      : undefined,
    emulated: emulatorHost !== undefined,
  };
}

/** How the outbox delivers; null keeps every message in the outbox, readable with `npm run outbox`. */
function mailTransport(env: Env): MailTransport | null {
  const backend = mailBackend(env);
  if (backend === 'emailjs')
    return createEmailJsTransport({
      serviceId: env.EMAILJS_SERVICE_ID ?? '',
      templateId: env.EMAILJS_TEMPLATE_ID ?? '',
      publicKey: env.EMAILJS_PUBLIC_KEY ?? '',
      privateKey: env.EMAILJS_PRIVATE_KEY ?? '',
      origin: env.EMAILJS_API_ORIGIN,
    });
  if (backend === 'smtp' && env.SMTP_HOST)
    return createSmtpTransport({
      host: env.SMTP_HOST,
      port: env.SMTP_PORT,
      secure: env.SMTP_SECURE === 'true',
      user: env.SMTP_USER,
      password: env.SMTP_PASSWORD,
    });
  return null;
}

export type ContainerOptions = {
  /** The write queue for the database's write lock, when several processes serve the shop (npm start). */
  writeGate?: WriteGate;
  /**
   * PostgreSQL's change notifications, heard by a process that serves requests: with them the
   * content counters are kept in memory (decision 097).
   */
  changes?: Notifications | undefined;
};

export function createContainer(env: Env, options: ContainerOptions = {}): Container {
  // No round trip yet: PostgreSQL is connected at the first query, once migrated (prepareDatabase).
  const postgres: PostgresEngine | null = env.DATABASE_URL
    ? connectPostgres(env.DATABASE_URL, { poolSize: env.DATABASE_POOL_SIZE })
    : null;
  const engine = postgres ? null : openEngine(env.dataDir, options.writeGate);
  const database: Engine | PostgresEngine = postgres ?? (engine as Engine);
  const counterCache =
    postgres && options.changes ? cacheCounters(readCounters(postgres), options.changes) : null;
  const counters = counterCache ?? readCounters(database);
  // Hosted adapters hold connections that end with the container.
  const closers: Array<() => Promise<void>> = [];
  if (postgres) closers.push(postgres.close);
  let documents: DocumentsPort;
  if (env.DOCUMENTS_BACKEND === 'firestore') {
    const firestore = createFirestoreDocuments(firebaseSettings(env, env.FIRESTORE_EMULATOR_HOST));
    closers.push(firestore.close);
    documents = firestore;
  } else {
    documents = createDatabaseDocuments(database, { counters });
  }
  let auth: AuthPort;
  if (env.AUTH_BACKEND === 'firebase') {
    // Firebase checks the password; the sessions stay in the data folder (decision 011).
    const firebaseAuth = createFirebaseAuth(
      firebaseSettings(env, env.FIREBASE_AUTH_EMULATOR_HOST),
      database,
      {
        sessionTtlHours: env.SESSION_TTL_HOURS,
        passwordCheck: env.PUBLIC_FIREBASE_API_KEY
          ? { apiKey: env.PUBLIC_FIREBASE_API_KEY, emulatorUrl: env.PUBLIC_FIREBASE_AUTH_EMULATOR_URL }
          : undefined,
      },
    );
    closers.push(firebaseAuth.close);
    auth = firebaseAuth;
  } else {
    auth = createLocalAuth(database, { sessionTtlHours: env.SESSION_TTL_HOURS, enqueueMail });
  }
  const shopify = env.COMMERCE_BACKEND === 'shopify' ? createShopifyBackend(env, database) : null;
  // Images in a bucket that every instance shares (decision 094); else files in the data folder.
  const s3Media = env.MEDIA_BACKEND === 's3' ? createS3Media(database.db, s3MediaSettings(env)) : null;
  if (s3Media) closers.push(s3Media.close);
  // Where browsers fetch product images: the shop's /media/, or the bucket or a CDN (decision 094).
  const mediaUrls = { publicUrl: env.MEDIA_PUBLIC_URL };
  // The local documents count in the SQLite counters already; hosted ones add their own version.
  const hostedVersions = env.DOCUMENTS_BACKEND === 'local' ? [] : [() => documents.version()];
  return {
    env,
    database,
    engine,
    commerce: shopify?.commerce ?? createLocalCommerce(database, { mediaUrls, counters }),
    carts: shopify?.carts ?? createLocalCarts(database, { mediaUrls }),
    orders: createLocalOrders(database, { enqueueMail }),
    overview: shopify?.overview ?? createLocalOverview(database),
    hostedOrders: shopify?.orders ?? null,
    shopify,
    importJobs: createImportJobStore(database),
    contentVersion:
      shopify === null && env.DOCUMENTS_BACKEND === 'local' ? localContentVersion(database, counters) : null,
    counterCache,
    documents,
    auth,
    media: shopify?.media ?? s3Media ?? createLocalMedia({ db: database.db, dataDir: env.dataDir }),
    mail: createOutboxMail(database, {
      from: env.MAIL_FROM,
      transport: mailTransport(env),
      service: mailBackend(env) === 'emailjs' ? 'emailjs' : 'smtp',
    }),
    contact: createDatabaseContact(database),
    builds: createLocalBuilds(database, { hostedVersions, instance: env.INSTANCE_ID }),
    buildArtifacts:
      postgres && env.STOREFRONT_BUILDS === 'shared' ? createPostgresBuildArtifacts(postgres) : null,
    limits: postgres ? createPostgresRateLimits(postgres) : createLocalRateLimits(engine as Engine),
    settings: createLocalSettings(database, {
      counters,
      first: () => firstSettings({ shopEmail: env.SHOP_EMAIL, shippingCents: env.SHIPPING_CENTS }),
    }),
    stockAlerts: createLocalStockAlerts(database),
    close: () => {
      engine?.sqlite.close();
      for (const close of closers) void close();
    },
  };
}

/**
 * Brings the shop's database up to date before the shop serves: SQLite migrated as it opened;
 * PostgreSQL's migrations run here, under their lock (the process that starts the shop, and each
 * command-line script). A database that cannot be reached throws DatabaseUnavailableError, whose
 * message is the one line to show.
 */
export async function prepareDatabase(container: Container): Promise<void> {
  const { DATABASE_URL } = container.env;
  if (container.database.dialect === 'postgres' && DATABASE_URL)
    await migratePostgres(container.database as PostgresEngine, DATABASE_URL);
}

// One per process: a worker's fast path and the storefront build it serves import this same
// module (decision 079), so they share one database connection.
let shared: Container | undefined;

/** The process-wide container, built from the validated environment on first use. */
export function getContainer(): Container {
  shared ??= createContainer(getEnv());
  return shared;
}

/** Lets a script that built its own container make it the one the app uses. */
export function setSharedContainer(container: Container): void {
  shared = container;
}

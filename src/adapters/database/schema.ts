import type { Generated } from 'kysely';
import type { OrderStatus } from '../../domain/orders/order.ts';
import type { StockAlertStatus } from '../../domain/stock-alerts/stock-alert.ts';

/**
 * Row types of the shop's database, as Kysely sees them, on SQLite and PostgreSQL alike (decision
 * 093; the tables are made by src/adapters/sqlite/migrations and src/adapters/postgres/migrations).
 */
export interface DB {
  products: {
    id: Generated<number>;
    title: string;
    description_html: string;
    description_text: string;
    product_type: string;
    search_text: string;
    /** The folded title and tags (migration 019): the dashboard's search. */
    name_text: string;
    title_key: Generated<string>;
    /** The first variant's price, copied by triggers for filters and sorts. */
    price_cents: Generated<number | null>;
    created_at: string;
    updated_at: string;
    // Card facts (migration 010); keys are folded for matching.
    card_year: string | null;
    card_year_start: number | null;
    manufacturer: string | null;
    manufacturer_key: string | null;
    set_name: string | null;
    set_key: string | null;
    card_number: string | null;
    parallel: string | null;
    rookie: Generated<number>;
    autograph: Generated<number>;
    patch: Generated<number>;
    serial_number: number | null;
    print_run: number | null;
    grader: string | null;
    grade: number | null;
    card_condition: string | null;
    /** The grader's certificate number (migration 020). */
    cert_number: string | null;
    /** Unique (migration 011); set on every insert. */
    handle: string | null;
  };
  /** Name keys per product (migration 019); the vocabulary is kept by triggers. */
  search_words: { word: string; product_id: number };
  search_vocabulary: { word: string; letters: number };
  product_tags: { product_id: number; position: number; tag: string; tag_key: string };
  variants: {
    id: Generated<number>;
    product_id: number;
    position: Generated<number>;
    price_cents: number | null;
    compare_at_cents: number | null;
    inventory_policy: Generated<'DENY' | 'CONTINUE'>;
  };
  inventory_items: { id: Generated<number>; variant_id: number; tracked: Generated<number> };
  locations: { id: Generated<number>; name: string };
  inventory_levels: { inventory_item_id: number; location_id: number; available: number };
  media: {
    id: Generated<number>;
    file_name: string;
    content_type: string;
    width: number;
    height: number;
    byte_size: number;
    created_at: string;
  };
  product_media: { product_id: number; position: number; media_id: number; alt: Generated<string> };
  carts: { id: string; created_at: string; updated_at: string; closed_at: string | null };
  cart_lines: {
    id: Generated<number>;
    cart_id: string;
    variant_id: number;
    quantity: number;
    created_at: string;
  };
  orders: {
    id: Generated<number>;
    number: string;
    cart_id: string | null;
    idempotency_key: string;
    status: OrderStatus;
    customer_name: string;
    email: string;
    phone: string;
    delivery_json: string;
    payment_method: string;
    subtotal_cents: number;
    shipping_cents: number;
    total_cents: number;
    created_at: string;
    updated_at: string;
    access_token: string;
    notes: Generated<string>;
  };
  order_events: {
    id: Generated<number>;
    order_id: number;
    status: OrderStatus;
    shipment_json: string | null;
    reason: Generated<string>;
    mail_id: number | null;
    created_at: string;
    undone_at: string | null;
  };
  order_lines: {
    id: Generated<number>;
    order_id: number;
    variant_id: number | null;
    product_title: string;
    unit_price_cents: number;
    quantity: number;
  };
  categories: {
    id: string;
    name: string;
    teams_json: string;
    revision: Generated<number>;
    updated_at: string;
  };
  admin_users: {
    id: Generated<number>;
    email: string;
    password_hash: string;
    created_at: string;
    updated_at: string;
  };
  sessions: {
    token_hash: string;
    user_id: number;
    created_at: string;
    expires_at: string;
    public_id: Generated<string>;
    ip: Generated<string>;
    user_agent: Generated<string>;
    last_seen_at: string | null;
  };
  firebase_sessions: {
    token_hash: string;
    uid: string;
    email: string;
    created_at: string;
    expires_at: string;
    public_id: Generated<string>;
    ip: Generated<string>;
    user_agent: Generated<string>;
    last_seen_at: string | null;
  };
  shop_settings: { id: number; settings_json: string; updated_at: string };
  /** "Notify me when back in stock" (SQLite's migration 021, PostgreSQL's 004). */
  stock_alerts: {
    id: Generated<number>;
    product_id: string;
    email: string;
    status: StockAlertStatus;
    confirm_token_hash: string;
    unsubscribe_token_hash: string;
    created_at: string;
    requested_at: string;
    confirmed_at: string | null;
    notified_at: string | null;
  };
  login_attempts: {
    id: Generated<number>;
    email: string;
    ip: string;
    succeeded: number;
    created_at: string;
    user_agent: Generated<string>;
    address: Generated<string>;
    device: Generated<string>;
    trusted: Generated<number>;
    pending: Generated<number>;
    counted: Generated<number>;
  };
  /** "Forgotten password" links (migration 018): the token only as its hash. */
  password_resets: {
    id: Generated<number>;
    token_hash: string;
    user_id: number;
    created_at: string;
    expires_at: string;
    used_at: string | null;
  };
  password_reset_requests: { id: Generated<number>; email: string; address: string; created_at: string };
  contact_messages: {
    id: Generated<number>;
    name: string;
    email: string;
    message: string;
    ip: Generated<string>;
    read_at: string | null;
    created_at: string;
  };
  mail_outbox: {
    id: Generated<number>;
    kind: string;
    to_address: string;
    reply_to: string | null;
    subject: string;
    text_body: string;
    html_body: string | null;
    status: Generated<'pending' | 'delivered' | 'failed'>;
    attempts: Generated<number>;
    last_error: string | null;
    next_attempt_at: string;
    created_at: string;
    delivered_at: string | null;
  };
  /** Messages per status, kept by triggers (migration 014). */
  mail_outbox_counts: { status: 'pending' | 'delivered' | 'failed'; messages: number };
  counters: { name: string; value: number };
  rate_limit_hits: { rule: string; key: string; at: number };
  /** Catalogue import jobs (migration 012). */
  import_jobs: {
    id: string;
    state: 'queued' | 'running' | 'done' | 'failed';
    total: number;
    done: Generated<number>;
    /** The checked file, until the job ends. */
    file: string | null;
    origin: string;
    /** The outcome as JSON, once done. */
    result: string | null;
    error: string | null;
    created_at: string;
    updated_at: string;
  };
  periodic_runs: {
    name: string;
    last_run_at: string;
  };
  /** PostgreSQL only: storefront builds shared between instances (its migrations 015 and 016). */
  storefront_build_artifacts: {
    id: Generated<number>;
    code_key: string;
    content_version: number;
    /** Whose incremental cache made it: host and data folder (decision 102). */
    built_by: Generated<string>;
    /** The build `changes` were taken against; null: none stored before it. */
    base_id: number | null;
    /** Every file of the build with a hash of its bytes (JSON). */
    files: unknown;
    /** The files changed since `base_id`'s build, as a gzipped tar. */
    changes: Buffer | null;
    /** The whole build folder as a gzipped tar; null for the moment its packing takes. */
    archive: Buffer | null;
    created_at: Generated<string>;
  };
  storefront_builds: {
    id: Generated<number>;
    status: 'building' | 'succeeded' | 'failed';
    content_version: number;
    output_dir: string | null;
    pid: number;
    progress: Generated<string>;
    error: string | null;
    started_at: string;
    finished_at: string | null;
    instance: Generated<string>;
  };
}

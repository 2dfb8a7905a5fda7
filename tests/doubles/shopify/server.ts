import { randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  type DocumentNode,
  execute,
  type GraphQLError,
  type GraphQLSchema,
  Kind,
  type OperationDefinitionNode,
  parse,
  type ValueNode,
  validate,
} from 'graphql';
import {
  SHOPIFY_API_VERSIONS,
  type ShopifyApiVersion,
} from '../../../src/adapters/commerce-shopify/api-version.ts';
import { adminSchema, storefrontSchema } from '../../shopify/schemas.ts';
import { adminRoot } from './admin-api.ts';
import { checkoutPage, payCart } from './checkout.ts';
import { DoubleStore, type SeedInput } from './store.ts';
import { storefrontRoot } from './storefront-api.ts';

/**
 * A local Shopify: the Storefront and Admin GraphQL endpoints, executed by graphql-js against the
 * official schemas of each allowed API version, over one in-memory store. It checks the access
 * tokens, answers validation errors as Shopify does, reports Admin query cost with a leaky bucket
 * (THROTTLED when empty), takes staged uploads and serves their files, shows a checkout page per
 * cart, and can be told to fail the next requests (429 with Retry-After, 500, THROTTLED, userErrors).
 */
export type Api = 'storefront' | 'admin';

export type Fault = {
  api?: Api;
  /** Only requests for this operation; any operation when absent. */
  operationName?: string;
  kind: 'http429' | 'http500' | 'throttled' | 'userError';
  /** Seconds, for http429's Retry-After header. */
  retryAfter?: number;
  /** For userError: the message of the one user error the operation answers. */
  message?: string;
};

export type RecordedRequest = {
  api: Api;
  version: string;
  operationName: string | null;
  variables: Record<string, unknown>;
};

export type ShopifyDouble = {
  url: string;
  storeDomain: string;
  storefrontToken: string;
  adminToken: string;
  store: DoubleStore;
  requests: RecordedRequest[];
  /** The next `times` matching requests fail as described. */
  failNext(fault: Fault, times?: number): void;
  /** Empties the Admin cost bucket: the next Admin request is THROTTLED until it refills. */
  drainBucket(): void;
  /** Puts a file on the double's CDN, as a finished upload; answers its URL. */
  hostFile(name: string, bytes: Uint8Array, contentType: string): string;
  reset(): void;
  close(): Promise<void>;
};

const BUCKET = { maximumAvailable: 2000, restoreRate: 100 };
const QUERY_COST = 10;
const MAX_BODY = 25 * 1024 * 1024;

export type ShopifyDoubleOptions = {
  port?: number;
  host?: string;
  /** Fixed tokens, for a double run as its own process; random ones by default. */
  storefrontToken?: string;
  adminToken?: string;
  /** Milliseconds for the cost bucket's refill; tests pass their own so a slow machine cannot refill it. */
  clock?: () => number;
};

export async function startShopifyDouble(options: ShopifyDoubleOptions = {}): Promise<ShopifyDouble> {
  const now = options.clock ?? Date.now;
  let store = new DoubleStore();
  const faults: Array<Fault & { times: number }> = [];
  const requests: RecordedRequest[] = [];
  const storefrontToken = options.storefrontToken ?? `sf_${randomBytes(12).toString('hex')}`;
  const adminToken = options.adminToken ?? `shpat_${randomBytes(16).toString('hex')}`;
  let bucket = { available: BUCKET.maximumAvailable, at: now() };
  let baseUrl = '';
  const idempotentAnswers = new Map<string, unknown>();

  function refill(): number {
    const at = now();
    bucket = {
      available: Math.min(
        BUCKET.maximumAvailable,
        bucket.available + ((at - bucket.at) / 1000) * BUCKET.restoreRate,
      ),
      at,
    };
    return bucket.available;
  }

  const throttleStatus = () => ({
    maximumAvailable: BUCKET.maximumAvailable,
    currentlyAvailable: Math.floor(refill()),
    restoreRate: BUCKET.restoreRate,
  });

  function takeFault(api: Api, operationName: string | null): Fault | null {
    const index = faults.findIndex(
      (fault) =>
        (!fault.api || fault.api === api) && (!fault.operationName || fault.operationName === operationName),
    );
    const fault = faults[index];
    if (!fault) return null;
    fault.times -= 1;
    if (fault.times <= 0) faults.splice(index, 1);
    return fault;
  }

  async function graphql(api: Api, version: ShopifyApiVersion, body: Buffer, res: http.ServerResponse) {
    let payload: { query?: unknown; variables?: unknown; operationName?: unknown };
    try {
      payload = JSON.parse(body.toString('utf8'));
    } catch {
      return send(res, 400, { errors: [{ message: 'Bad Request: body is not JSON' }] });
    }
    if (typeof payload.query !== 'string')
      return send(res, 400, { errors: [{ message: 'Parameter Missing or Invalid: query' }] });
    const variables = (payload.variables ?? {}) as Record<string, unknown>;
    let document: DocumentNode;
    try {
      document = parse(payload.query);
    } catch (error) {
      return send(res, 200, { errors: [toWireError(error as GraphQLError)] });
    }
    const operation = document.definitions.find(
      (definition): definition is OperationDefinitionNode => definition.kind === Kind.OPERATION_DEFINITION,
    );
    const operationName = operation?.name?.value ?? null;
    requests.push({ api, version, operationName, variables });

    const fault = takeFault(api, operationName);
    if (fault?.kind === 'http429')
      return send(
        res,
        429,
        {
          errors:
            'Exceeded 2 calls per second for api client. Reduce request rates to resume uninterrupted service.',
        },
        {
          'retry-after': String(fault.retryAfter ?? 1),
        },
      );
    if (fault?.kind === 'http500') return send(res, 500, { errors: 'Internal Server Error' });

    const schema: GraphQLSchema =
      api === 'admin' ? adminSchema(version).schema : storefrontSchema(version).schema;
    const problems = validate(schema, document);
    if (problems.length > 0) return send(res, 200, { errors: problems.map(toWireError) });

    if (api === 'admin') {
      if (fault?.kind === 'throttled') bucket = { available: 0, at: now() };
      if (refill() < QUERY_COST) {
        return send(res, 200, {
          errors: [
            {
              message: 'Throttled',
              extensions: { code: 'THROTTLED', documentation: 'https://shopify.dev/api/usage/rate-limits' },
            },
          ],
          extensions: {
            cost: { requestedQueryCost: QUERY_COST, actualQueryCost: null, throttleStatus: throttleStatus() },
          },
        });
      }
      bucket.available -= QUERY_COST;
    }

    // From 2026-04 Shopify refuses some mutations at run time without @idempotent(key:), and answers
    // a repeated key with the first answer instead of applying the change again.
    const keyed = api === 'admin' && operation ? idempotencyKeys(schema, operation, variables) : null;
    if (keyed && 'missing' in keyed)
      return send(res, 200, {
        errors: [
          {
            message: `An idempotency key is required for ${keyed.missing}: add the @idempotent(key:) directive.`,
            extensions: { code: 'BAD_REQUEST' },
          },
        ],
        data: null,
      });
    const replayKey = keyed && 'keys' in keyed && keyed.keys.length > 0 ? keyed.keys.join('|') : null;
    const replay = replayKey ? idempotentAnswers.get(replayKey) : undefined;
    if (replay) return send(res, 200, replay);

    if (fault?.kind === 'userError' && operation) {
      return send(res, 200, { data: userErrorData(operation, fault.message ?? 'Something went wrong') });
    }

    const rootValue = api === 'admin' ? adminRoot(store, baseUrl) : storefrontRoot(store, baseUrl);
    const result = await execute({ schema, document, rootValue, variableValues: variables });
    const extensions =
      api === 'admin'
        ? {
            cost: {
              requestedQueryCost: QUERY_COST,
              actualQueryCost: QUERY_COST,
              throttleStatus: throttleStatus(),
            },
          }
        : undefined;
    const answer = {
      ...(result.errors ? { errors: result.errors.map(toWireError) } : {}),
      data: result.data ?? null,
      ...(extensions ? { extensions } : {}),
    };
    if (replayKey) idempotentAnswers.set(replayKey, answer);
    return send(res, 200, answer);
  }

  async function handle(req: http.IncomingMessage, res: http.ServerResponse) {
    const url = new URL(req.url ?? '/', baseUrl);
    const body = req.method === 'POST' ? await readBody(req) : Buffer.alloc(0);
    if (body === null) return send(res, 413, { errors: 'Request too large' });

    const storefront = /^\/api\/([^/]+)\/graphql\.json$/.exec(url.pathname);
    const admin = /^\/admin\/api\/([^/]+)\/graphql\.json$/.exec(url.pathname);
    if ((storefront || admin) && req.method === 'POST') {
      const version = (storefront ?? admin)?.[1] as ShopifyApiVersion;
      if (!SHOPIFY_API_VERSIONS.includes(version)) return send(res, 404, { errors: 'Not Found' });
      if (storefront) {
        if (req.headers['x-shopify-storefront-access-token'] !== storefrontToken)
          return send(res, 401, { errors: [{ message: '', extensions: { code: 'UNAUTHORIZED' } }] });
        return graphql('storefront', version, body, res);
      }
      if (req.headers['x-shopify-access-token'] !== adminToken)
        return send(res, 401, {
          errors: '[API] Invalid API key or access token (unrecognized login or wrong password)',
        });
      return graphql('admin', version, body, res);
    }

    if (url.pathname === '/staged-uploads' && req.method === 'POST') {
      const form = await new Response(new Uint8Array(body), {
        headers: { 'content-type': req.headers['content-type'] ?? '' },
      })
        .formData()
        .catch(() => null);
      const upload = form ? store.uploads.get(String(form.get('key'))) : undefined;
      const file = form?.get('file');
      if (!upload || !(file instanceof File))
        return send(res, 400, { error: 'Unknown upload key or missing file' });
      if (file.size > 20 * 1024 * 1024) return send(res, 413, { error: 'EntityTooLarge' });
      upload.file = { bytes: Buffer.from(await file.arrayBuffer()), contentType: upload.mimeType };
      res.writeHead(201).end();
      return;
    }

    const cdn = /^\/cdn\/(.+)$/.exec(url.pathname);
    if (cdn && req.method === 'GET') {
      const upload = store.uploads.get(decodeURIComponent(cdn[1] ?? ''));
      if (!upload?.file) return send(res, 404, { error: 'Not Found' });
      res
        .writeHead(200, { 'content-type': upload.file.contentType, 'cache-control': 'public, max-age=3600' })
        .end(upload.file.bytes);
      return;
    }

    const checkout = /^\/cart\/c\/([A-Za-z0-9]+)(\/pay)?$/.exec(url.pathname);
    if (checkout) {
      const cart = store.findCart(
        `gid://shopify/Cart/${checkout[1]}?key=${url.searchParams.get('key') ?? ''}`,
      );
      if (!cart) return send(res, 404, { error: 'Not Found' });
      if (checkout[2] && req.method === 'POST') {
        const order = payCart(store, cart, new URLSearchParams(body.toString('utf8')));
        res
          .writeHead(200, { 'content-type': 'text/html; charset=utf-8' })
          .end(
            `<!doctype html><html lang="en"><title>Thank you</title><h1>Thank you for your order</h1><p>Order ${order.name}</p></html>`,
          );
        return;
      }
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(checkoutPage(store, cart));
      return;
    }

    // The order in the Shopify admin, where the dashboard's order links lead.
    const adminOrder = /^\/admin\/orders\/(\d{1,15})$/.exec(url.pathname);
    if (adminOrder && req.method === 'GET') {
      const order = store.orders.find((candidate) => candidate.id === Number(adminOrder[1]));
      if (!order) return send(res, 404, { errors: 'Not Found' });
      res
        .writeHead(200, { 'content-type': 'text/html; charset=utf-8' })
        .end(
          `<!doctype html><html lang="en"><title>Order ${order.name}</title><h1>Order ${order.name}</h1></html>`,
        );
      return;
    }

    // Control, for a double run as its own process (the e2e setup): seed and fail on demand.
    if (url.pathname.startsWith('/__double/') && req.method === 'POST') {
      const input = body.length > 0 ? JSON.parse(body.toString('utf8')) : {};
      if (url.pathname === '/__double/reset') double.reset();
      else if (url.pathname === '/__double/seed')
        for (const product of (input.products ?? []) as SeedInput[]) store.seedProduct(product);
      else if (url.pathname === '/__double/fault') double.failNext(input.fault as Fault, input.times ?? 1);
      else return send(res, 404, { error: 'Unknown control' });
      return send(res, 200, { ok: true, products: store.products.size });
    }
    send(res, 404, { errors: 'Not Found' });
  }

  const server = http.createServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      console.error('Shopify double:', error);
      if (!res.headersSent) send(res, 500, { errors: 'Internal Server Error' });
    });
  });
  await new Promise<void>((resolve) =>
    server.listen(options.port ?? 0, options.host ?? '127.0.0.1', resolve),
  );
  const { port } = server.address() as AddressInfo;
  baseUrl = `http://127.0.0.1:${port}`;

  const double: ShopifyDouble = {
    url: baseUrl,
    storeDomain: `127.0.0.1:${port}`,
    storefrontToken,
    adminToken,
    get store() {
      return store;
    },
    requests,
    failNext(fault, times = 1) {
      faults.push({ ...fault, times });
    },
    drainBucket() {
      bucket = { available: 0, at: now() };
    },
    hostFile(name, bytes, contentType) {
      const upload = store.stageUpload(name, contentType, bytes.byteLength);
      upload.file = { bytes: Buffer.from(bytes), contentType };
      return `${baseUrl}/cdn/${upload.key}`;
    },
    reset() {
      store = new DoubleStore();
      idempotentAnswers.clear();
      faults.length = 0;
      requests.length = 0;
      bucket = { available: BUCKET.maximumAvailable, at: now() };
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
  return double;
}

function send(res: http.ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) {
  res
    .writeHead(status, { 'content-type': 'application/json; charset=utf-8', ...headers })
    .end(JSON.stringify(body));
}

function toWireError(error: GraphQLError) {
  return {
    message: error.message,
    ...(error.locations ? { locations: error.locations } : {}),
    ...(error.path ? { path: error.path } : {}),
    extensions: {
      code: (error.extensions?.code as string | undefined) ?? 'BAD_REQUEST',
      ...error.extensions,
    },
  };
}

const idempotentFields = new WeakMap<GraphQLSchema, Set<string>>();

/** Mutation fields whose description in this version's schema says the idempotency key is required. */
function requiringIdempotency(schema: GraphQLSchema): Set<string> {
  let found = idempotentFields.get(schema);
  if (!found) {
    found = new Set(
      Object.values(schema.getMutationType()?.getFields() ?? {})
        .filter((field) => /idempotency key is required/i.test(field.description ?? ''))
        .map((field) => field.name),
    );
    idempotentFields.set(schema, found);
  }
  return found;
}

/** The @idempotent keys of an operation's root fields, or the first field that needs one and has none. */
function idempotencyKeys(
  schema: GraphQLSchema,
  operation: OperationDefinitionNode,
  variables: Record<string, unknown>,
): { keys: string[] } | { missing: string } {
  if (operation.operation !== 'mutation') return { keys: [] };
  const required = requiringIdempotency(schema);
  const keys: string[] = [];
  for (const selection of operation.selectionSet.selections) {
    if (selection.kind !== Kind.FIELD) continue;
    const directive = selection.directives?.find((node) => node.name.value === 'idempotent');
    const argument = directive?.arguments?.find((node) => node.name.value === 'key')?.value;
    const key = argument ? literalOrVariable(argument, variables) : null;
    if (typeof key === 'string' && key.trim() !== '') keys.push(`${selection.name.value}:${key}`);
    else if (required.has(selection.name.value)) return { missing: selection.name.value };
  }
  return { keys };
}

function literalOrVariable(node: ValueNode, variables: Record<string, unknown>): unknown {
  if (node.kind === Kind.VARIABLE) return variables[node.name.value];
  return node.kind === Kind.STRING ? node.value : null;
}

/** A mutation's answer when it is told to fail: the payload's userErrors say so, the rest is null. */
function userErrorData(operation: OperationDefinitionNode, message: string) {
  const data: Record<string, unknown> = {};
  for (const selection of operation.selectionSet.selections) {
    if (selection.kind !== Kind.FIELD) continue;
    const payload: Record<string, unknown> = {};
    for (const child of selection.selectionSet?.selections ?? []) {
      if (child.kind !== Kind.FIELD) continue;
      const key = child.alias?.value ?? child.name.value;
      payload[key] = /userErrors$/i.test(child.name.value) ? [{ field: null, message, code: null }] : null;
    }
    data[selection.alias?.value ?? selection.name.value] = payload;
  }
  return data;
}

function readBody(req: http.IncomingMessage): Promise<Buffer | null> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > MAX_BODY) {
        resolve(null);
        req.destroy();
      } else chunks.push(chunk);
    });
    req.on('end', () => resolve(Buffer.concat(chunks)));
    req.on('error', reject);
  });
}

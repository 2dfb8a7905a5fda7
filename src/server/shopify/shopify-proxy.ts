import { type DocumentNode, Kind, parse, print } from 'graphql';
import { z } from 'zod';
import { SHOPIFY_API_VERSIONS } from '../../adapters/commerce-shopify/api-version.ts';
import * as adminDocuments from '../../adapters/commerce-shopify/documents/admin.ts';
import * as storefrontDocuments from '../../adapters/commerce-shopify/documents/storefront.ts';
import { AppError } from '../../domain/errors.ts';
import type { Container } from '../container.ts';
import { readJson } from '../http/http.ts';

/**
 * The spec's server-side GraphQL proxies (section 7): POST /api/shopify-admin (optional
 * ?api_version=, body {query, variables}; a signed-in admin only) and POST /api/shopify-storefront.
 * They are not open relays: a query is sent on only when it is, up to formatting, one of the
 * documents the shop itself sends (src/adapters/commerce-shopify/documents/), and then the shop's
 * own copy is sent. The tokens stay on the server; Shopify's answer (data, errors, extensions) is
 * passed back as it came.
 */
export type ProxyApi = 'admin' | 'storefront';

export const PROXY_BODY_LIMITS: Record<ProxyApi, number> = { admin: 64 * 1024, storefront: 16 * 1024 };

const requestSchema = z.object({
  query: z.string().min(1).max(60_000),
  variables: z.record(z.string(), z.unknown()).nullable().optional(),
  operationName: z.string().max(100).nullable().optional(),
});

/** Printed documents by operation name: the allow-list. */
function allowList(module: Record<string, unknown>, only?: readonly string[]): Map<string, string> {
  const list = new Map<string, string>();
  for (const text of Object.values(module)) {
    if (typeof text !== 'string') continue;
    const name = operationName(parse(text));
    if (name && (!only || only.includes(name))) list.set(name, print(parse(text)));
  }
  return list;
}

/**
 * What anyone may ask through the storefront proxy: the catalogue reads. Carts are the shop's own
 * API's (/api/cart), which caps new carts per client and sends a shopper to Shopify's checkout
 * only from the 7 € minimum: a cart made or read through the proxy would hand out its
 * checkoutUrl and skip both.
 */
export const STOREFRONT_PROXY_OPERATIONS = ['StorefrontProducts', 'StorefrontNode'] as const;

function operationName(document: DocumentNode): string | null {
  const operations = document.definitions.filter(
    (definition) => definition.kind === Kind.OPERATION_DEFINITION,
  );
  const [only] = operations;
  return operations.length === 1 && only?.kind === Kind.OPERATION_DEFINITION
    ? (only.name?.value ?? null)
    : null;
}

const allowed: Record<ProxyApi, Map<string, string>> = {
  admin: allowList(adminDocuments),
  storefront: allowList(storefrontDocuments, STOREFRONT_PROXY_OPERATIONS),
};

export const NOT_ALLOWED = 'Ο διακομιστής προωθεί μόνο τις λειτουργίες του καταστήματος.';

/** The shop's own copy of the document the query names, when the query is that document; else refused. */
export function allowedDocument(api: ProxyApi, query: string): string {
  let document: DocumentNode;
  try {
    document = parse(query, { maxTokens: 5_000 });
  } catch {
    throw new AppError('invalid', NOT_ALLOWED);
  }
  const name = operationName(document);
  const known = name ? allowed[api].get(name) : undefined;
  if (!known || print(document) !== known) throw new AppError('invalid', NOT_ALLOWED);
  return known;
}

/** Reads, checks and forwards one proxied request; 404 when the shop does not run on Shopify. */
export async function proxyToShopify(
  container: Pick<Container, 'shopify'>,
  api: ProxyApi,
  request: Request,
  apiVersion: string | null,
) {
  const shopify = container.shopify;
  if (!shopify) throw new AppError('not_found', 'Το κατάστημα δεν λειτουργεί με το Shopify.');
  if (apiVersion !== null && !(SHOPIFY_API_VERSIONS as readonly string[]).includes(apiVersion))
    throw new AppError(
      'invalid',
      `Μη υποστηριζόμενη έκδοση API: ${apiVersion.slice(0, 20)} (${SHOPIFY_API_VERSIONS.join(', ')}).`,
    );
  const body = await readJson(request, requestSchema, PROXY_BODY_LIMITS[api]);
  const document = allowedDocument(api, body.query);
  const version = apiVersion ?? undefined;
  if (api === 'storefront') return shopify.storefrontClient(version).raw(document, body.variables ?? {});
  // A mutation is sent once: after a dropped connection or a 5xx its outcome is unknown, and a
  // second productCreate would make a second product. It changes the catalogue, so the storefront
  // rebuilds, as after the dashboard's own writes.
  const mutation = isMutation(parse(document));
  const answer = await shopify
    .adminClient(version)
    .raw(document, body.variables ?? {}, { repeatable: !mutation });
  if (mutation) await shopify.catalogChanged();
  return answer;
}

function isMutation(document: DocumentNode): boolean {
  return document.definitions.some(
    (definition) => definition.kind === Kind.OPERATION_DEFINITION && definition.operation === 'mutation',
  );
}

import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import zlib from 'node:zlib';
import { buildClientSchema, type GraphQLSchema, type IntrospectionQuery } from 'graphql';
import type { ShopifyApiVersion } from '../../src/adapters/commerce-shopify/api-version.ts';

/**
 * Shopify's official GraphQL schemas, from the introspection files that Shopify publishes on npm:
 * Storefront from @shopify/hydrogen-react's storefront.schema.json (whose release names its API
 * version), other Storefront versions and every Admin version from @shopify/dev-mcp's dist/data.
 */
const require = createRequire(import.meta.url);
const hydrogenSchemaFile = require.resolve('@shopify/hydrogen-react/storefront.schema.json');
// dev-mcp's exports do not list its data files: they are read from the installed package folder.
const devMcpData = path.join(
  import.meta.dirname,
  '..',
  '..',
  'node_modules',
  '@shopify',
  'dev-mcp',
  'dist',
  'data',
);

/** The Storefront API version of hydrogen-react's schema: its release 2026.4.x is version 2026-04. */
export function hydrogenStorefrontVersion(): string {
  const manifest = path.join(path.dirname(hydrogenSchemaFile), 'package.json');
  const { version } = JSON.parse(fs.readFileSync(manifest, 'utf8')) as { version: string };
  const [year, month] = version.split('.');
  return `${year}-${String(month).padStart(2, '0')}`;
}

function readIntrospection(file: string): IntrospectionQuery {
  const bytes = fs.readFileSync(file);
  const text = file.endsWith('.gz') ? zlib.gunzipSync(bytes).toString('utf8') : bytes.toString('utf8');
  const parsed = JSON.parse(text) as { data?: IntrospectionQuery } & Partial<IntrospectionQuery>;
  return parsed.data ?? (parsed as IntrospectionQuery);
}

const cache = new Map<string, GraphQLSchema>();
function cached(key: string, file: string): GraphQLSchema {
  let schema = cache.get(key);
  if (!schema) {
    schema = buildClientSchema(readIntrospection(file));
    cache.set(key, schema);
  }
  return schema;
}

export type SchemaSource = { schema: GraphQLSchema; file: string };

export function storefrontSchema(version: ShopifyApiVersion): SchemaSource {
  const file =
    version === hydrogenStorefrontVersion()
      ? hydrogenSchemaFile
      : path.join(devMcpData, `storefront-graphql_${version}.json.gz`);
  return { schema: cached(`storefront ${version}`, file), file };
}

export function adminSchema(version: ShopifyApiVersion | string): SchemaSource {
  const file = path.join(devMcpData, `admin_${version}.json.gz`);
  return { schema: cached(`admin ${version}`, file), file };
}

/** The Admin versions @shopify/dev-mcp ships (admin_<version>.json.gz). */
export function shippedAdminVersions(): string[] {
  return fs
    .readdirSync(devMcpData)
    .map((name) => /^admin_(\d{4}-\d{2})\.json\.gz$/.exec(name)?.[1])
    .filter((version): version is string => version !== undefined)
    .sort();
}

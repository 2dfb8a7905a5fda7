import {
  type DocumentNode,
  type GraphQLSchema,
  Kind,
  NoDeprecatedCustomRule,
  parse,
  specifiedRules,
  validate,
  visit,
} from 'graphql';
import { describe, expect, it } from 'vitest';
import {
  DEFAULT_SHOPIFY_API_VERSION,
  SHOPIFY_API_VERSIONS,
} from '../../../src/adapters/commerce-shopify/api-version.ts';
import * as admin from '../../../src/adapters/commerce-shopify/documents/admin.ts';
import * as storefront from '../../../src/adapters/commerce-shopify/documents/storefront.ts';
import {
  adminSchema,
  hydrogenStorefrontVersion,
  shippedAdminVersions,
  storefrontSchema,
} from '../../shopify/schemas.ts';

/** The spec's rules plus "no deprecated field, argument or enum value": deprecated means removed soon. */
const RULES = [...specifiedRules, NoDeprecatedCustomRule];

function problems(schema: GraphQLSchema, document: DocumentNode | string): string[] {
  const parsed = typeof document === 'string' ? parse(document) : document;
  return validate(schema, parsed, RULES).map((error) => error.message);
}

const documents = (module: Record<string, unknown>) =>
  Object.entries(module).filter((entry): entry is [string, string] => typeof entry[1] === 'string');

const apis = [
  { api: 'Storefront', module: storefront, schema: storefrontSchema },
  { api: 'Admin', module: admin, schema: adminSchema },
] as const;

/** The same document with its first leaf field renamed, as if Shopify had renamed or removed it. */
function withFirstLeafRenamed(document: string): DocumentNode {
  let renamed = false;
  return visit(parse(document), {
    Field(node) {
      if (renamed || node.selectionSet || node.name.value === '__typename') return undefined;
      renamed = true;
      return { ...node, name: { ...node.name, value: `${node.name.value}Removed` } };
    },
  });
}

describe('the pinned API version', () => {
  it("is hydrogen-react's Storefront version, and @shopify/dev-mcp ships Admin schemas for every allowed version", () => {
    expect(DEFAULT_SHOPIFY_API_VERSION).toBe(SHOPIFY_API_VERSIONS[0]);
    expect(hydrogenStorefrontVersion()).toBe(DEFAULT_SHOPIFY_API_VERSION);
    for (const version of SHOPIFY_API_VERSIONS) expect(shippedAdminVersions()).toContain(version);
  });
});

for (const { api, module, schema } of apis) {
  describe(`${api} documents`, () => {
    it('are each one named operation, with names unique over both APIs', () => {
      const names = [...documents(storefront), ...documents(admin)].map(([, text]) => {
        const operations = parse(text).definitions.filter(
          (definition) => definition.kind === Kind.OPERATION_DEFINITION,
        );
        expect(operations).toHaveLength(1);
        return operations[0]?.kind === Kind.OPERATION_DEFINITION ? operations[0].name?.value : undefined;
      });
      expect(names.every(Boolean)).toBe(true);
      expect(new Set(names).size).toBe(names.length);
      expect(documents(module).length).toBeGreaterThan(5);
    });

    for (const version of SHOPIFY_API_VERSIONS) {
      for (const [name, text] of documents(module)) {
        it(`${name} is valid in ${version}, with no deprecated field`, () => {
          expect(problems(schema(version).schema, text)).toEqual([]);
        });
      }
    }

    it('fail when a field they select is renamed or removed', () => {
      const { schema: pinned } = schema(DEFAULT_SHOPIFY_API_VERSION);
      for (const [name, text] of documents(module)) {
        const found = problems(pinned, withFirstLeafRenamed(text));
        expect(found.length, name).toBeGreaterThan(0);
        expect(found[0], name).toMatch(/Cannot query field "\w+Removed"/);
      }
    });
  });
}

/** Mutation fields whose description says an idempotency key is required from a version on. */
function fieldsNeedingIdempotency(schema: GraphQLSchema): Set<string> {
  const fields = schema.getMutationType()?.getFields() ?? {};
  return new Set(
    Object.values(fields)
      .filter((field) => /idempotency key is required/i.test(field.description ?? ''))
      .map((field) => field.name),
  );
}

describe('mutations that Shopify runs only with an idempotency key', () => {
  for (const version of SHOPIFY_API_VERSIONS) {
    it(`carry @idempotent(key:) wherever ${version} requires it`, () => {
      const required = fieldsNeedingIdempotency(adminSchema(version).schema);
      // The description is the only machine-readable trace of the rule; an empty set would hide it.
      expect(required).toContain('inventoryAdjustQuantities');
      const missing: string[] = [];
      for (const [name, text] of documents(admin)) {
        visit(parse(text), {
          Field(node) {
            const keyed = node.directives?.some((directive) => directive.name.value === 'idempotent');
            if (required.has(node.name.value) && !keyed) missing.push(`${name}: ${node.name.value}`);
          },
        });
      }
      expect(missing).toEqual([]);
    });
  }
});

describe('forms the spec names that the pinned version no longer accepts', () => {
  const pinnedAdmin = () => adminSchema(DEFAULT_SHOPIFY_API_VERSION).schema;
  const pinnedStorefront = () => storefrontSchema(DEFAULT_SHOPIFY_API_VERSION).schema;

  it('productAppendMedia is gone from the Admin API', () => {
    const text = `mutation { productAppendMedia(productId: "gid://shopify/Product/1", media: []) { userErrors { message } } }`;
    expect(problems(pinnedAdmin(), text).join('\n')).toMatch(/Cannot query field "productAppendMedia"/);
  });

  it('productPublish and channel ids are deprecated in favour of publishablePublish and publication ids', () => {
    const publish = `mutation { productPublish(input: { id: "gid://shopify/Product/1", productPublications: [] }) { userErrors { message } } }`;
    expect(problems(pinnedAdmin(), publish).join('\n')).toMatch(/productPublish.*deprecated/);
    const byChannel = `mutation { publishablePublish(id: "gid://shopify/Product/1", input: [{ channelId: "gid://shopify/Channel/1" }]) { userErrors { message } } }`;
    expect(problems(pinnedAdmin(), byChannel).join('\n')).toMatch(/channelId.*deprecated/);
  });

  it("the variant's priceV2 is deprecated in the Storefront API", () => {
    const text = `query { node(id: "gid://shopify/ProductVariant/1") { ... on ProductVariant { priceV2 { amount } } } }`;
    expect(problems(pinnedStorefront(), text).join('\n')).toMatch(/priceV2.*deprecated/);
  });
});

describe("the build's catalogue read", () => {
  /** Every field a document selects, through its fragments. */
  const fields = (document: string) => {
    const names = new Set<string>();
    visit(parse(document), {
      Field(node) {
        names.add(node.name.value);
      },
    });
    return names;
  };

  it('asks for no description, where the full products read does, and for everything else alike', () => {
    const summaries = fields(storefront.STOREFRONT_PRODUCT_SUMMARIES);
    const full = fields(storefront.STOREFRONT_PRODUCTS);
    for (const description of ['description', 'descriptionHtml']) {
      expect(summaries.has(description), description).toBe(false);
      expect(full.has(description), description).toBe(true);
    }
    expect([...full].filter((name) => !summaries.has(name)).sort()).toEqual([
      'description',
      'descriptionHtml',
    ]);
  });
});

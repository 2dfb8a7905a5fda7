import { z } from 'zod';
import { CARD_METAFIELDS, CARD_NAMESPACE } from './card-metafields.ts';
import type { ShopifyClient } from './client.ts';
import { userErrorText } from './client.ts';
import { ADMIN_CARD_DEFINITIONS, ADMIN_METAFIELD_DEFINITION_CREATE } from './documents/admin.ts';
import { parseWire } from './reshape.ts';

const definitionsAnswer = z.object({
  metafieldDefinitions: z.object({ edges: z.array(z.object({ node: z.object({ key: z.string() }) })) }),
});
const createAnswer = z.object({
  metafieldDefinitionCreate: z
    .object({
      userErrors: z.array(
        z.object({
          field: z.array(z.string()).nullable().optional(),
          message: z.string(),
          code: z.string().nullable().optional(),
        }),
      ),
    })
    .nullable(),
});

/**
 * Makes sure the store has a definition for every card-fact metafield (decision 052): typed, and
 * readable by the Storefront API (Shopify hides metafields without one from it). Missing ones are
 * created; the answer is remembered for the process, and a failure is retried on the next write.
 */
export function cardDefinitions(admin: ShopifyClient) {
  let ready: Promise<void> | null = null;

  async function ensure(): Promise<void> {
    const existing = parseWire(
      definitionsAnswer,
      await admin.request(ADMIN_CARD_DEFINITIONS, { namespace: CARD_NAMESPACE }),
      'metafield definitions',
    );
    const have = new Set(existing.metafieldDefinitions.edges.map((edge) => edge.node.key));
    for (const field of CARD_METAFIELDS.filter((candidate) => !have.has(candidate.key))) {
      const answer = parseWire(
        createAnswer,
        await admin.request(ADMIN_METAFIELD_DEFINITION_CREATE, {
          definition: {
            name: field.name,
            namespace: CARD_NAMESPACE,
            key: field.key,
            type: field.type,
            ownerType: 'PRODUCT',
            access: { storefront: 'PUBLIC_READ' },
          },
        }),
        'metafieldDefinitionCreate',
      );
      // TAKEN: another process created it meanwhile, which is what we wanted.
      const errors = (answer.metafieldDefinitionCreate?.userErrors ?? []).filter(
        (error) => error.code !== 'TAKEN',
      );
      if (errors.length > 0) throw new Error(userErrorText(errors));
    }
  }

  return () => {
    ready ??= ensure().catch((error: unknown) => {
      ready = null;
      throw error;
    });
    return ready;
  };
}

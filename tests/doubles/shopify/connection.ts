import { GraphQLError } from 'graphql';

/** Shopify's page size cap for connections. */
export const MAX_PAGE = 250;

type PageArgs = {
  first?: number | null;
  after?: string | null;
  last?: number | null;
  before?: string | null;
};

const encode = (index: number) => Buffer.from(`cursor:${index}`).toString('base64url');
function decode(cursor: string): number {
  const match = /^cursor:(\d+)$/.exec(Buffer.from(cursor, 'base64url').toString('utf8'));
  if (!match) throw new GraphQLError('Invalid cursor.', { extensions: { code: 'BAD_REQUEST' } });
  return Number(match[1]);
}

/** A Relay connection over an ordered list, paged forward with `first`/`after` as Shopify does. */
export function connection<T, V>(items: readonly T[], args: PageArgs, view: (item: T) => V) {
  const first = args.first ?? null;
  const last = args.last ?? null;
  if (first === null && last === null)
    throw new GraphQLError('you must provide one of first or last', { extensions: { code: 'BAD_REQUEST' } });
  if ((first ?? 0) > MAX_PAGE || (last ?? 0) > MAX_PAGE || (first ?? 0) < 0 || (last ?? 0) < 0)
    throw new GraphQLError(`The first and last arguments must be between 0 and ${MAX_PAGE}.`, {
      extensions: { code: 'BAD_REQUEST' },
    });
  let start = args.after ? decode(args.after) + 1 : 0;
  let end = args.before ? decode(args.before) : items.length;
  if (first !== null) end = Math.min(end, start + first);
  if (last !== null) start = Math.max(start, end - last);
  const edges = items.slice(start, end).map((item, offset) => ({
    cursor: encode(start + offset),
    node: view(item),
  }));
  return {
    edges,
    nodes: edges.map((edge) => edge.node),
    pageInfo: {
      hasNextPage: end < items.length,
      hasPreviousPage: start > 0,
      startCursor: edges[0]?.cursor ?? null,
      endCursor: edges.at(-1)?.cursor ?? null,
    },
  };
}

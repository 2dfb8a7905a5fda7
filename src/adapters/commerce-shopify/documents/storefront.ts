/**
 * Every document the shop sends to the Storefront API (spec section 7, item 1). Each export is one
 * named operation with its fragments, validated against the official schema in a unit test.
 * Images are read as the product's media: MediaImage ids are the ones the Admin API reorders and
 * detaches, where the `images` connection would give ProductImage ids it does not know.
 */

import { CARD_METAFIELD_IDENTIFIERS } from '../card-metafields.ts';

/** A product as the pre-rendered pages show it: everything but its description. */
const PRODUCT_SUMMARY_FIELDS = /* GraphQL */ `
  fragment StorefrontProductSummaryFields on Product {
    id
    handle
    title
    metafields(identifiers: ${CARD_METAFIELD_IDENTIFIERS}) {
      key
      value
    }
    tags
    productType
    createdAt
    updatedAt
    media(first: 10) {
      edges {
        node {
          __typename
          ... on MediaImage {
            id
            alt
            image {
              url
              width
              height
            }
          }
        }
      }
    }
    variants(first: 1) {
      edges {
        node {
          id
          price {
            amount
            currencyCode
          }
          compareAtPrice {
            amount
            currencyCode
          }
          quantityAvailable
          availableForSale
        }
      }
    }
  }
`;

const PRODUCT_FIELDS = /* GraphQL */ `
  fragment StorefrontProductFields on Product {
    ...StorefrontProductSummaryFields
    description
    descriptionHtml
  }
  ${PRODUCT_SUMMARY_FIELDS}
`;

/** One page of the catalogue (250 at most), with Shopify's search syntax and sort. */
const productsPage = (operation: string, fragment: string, fragments: string) => /* GraphQL */ `
  query ${operation}(
    $first: Int!
    $after: String
    $query: String
    $sortKey: ProductSortKeys
    $reverse: Boolean
  ) {
    products(first: $first, after: $after, query: $query, sortKey: $sortKey, reverse: $reverse) {
      pageInfo {
        hasNextPage
        endCursor
      }
      edges {
        cursor
        node {
          ...${fragment}
        }
      }
    }
  }
  ${fragments}
`;

export const STOREFRONT_PRODUCTS = productsPage(
  'StorefrontProducts',
  'StorefrontProductFields',
  PRODUCT_FIELDS,
);

/** The same pages without the descriptions: the build's read of the whole catalogue (decision 070). */
export const STOREFRONT_PRODUCT_SUMMARIES = productsPage(
  'StorefrontProductSummaries',
  'StorefrontProductSummaryFields',
  PRODUCT_SUMMARY_FIELDS,
);

/** A product by product id or by variant id (the spec's variant node query). */
export const STOREFRONT_NODE = /* GraphQL */ `
  query StorefrontNode($id: ID!) {
    node(id: $id) {
      __typename
      ... on Product {
        ...StorefrontProductFields
      }
      ... on ProductVariant {
        id
        product {
          ...StorefrontProductFields
        }
      }
    }
  }
  ${PRODUCT_FIELDS}
`;

const CART_FIELDS = /* GraphQL */ `
  fragment StorefrontCartFields on Cart {
    id
    checkoutUrl
    totalQuantity
    cost {
      subtotalAmount {
        amount
        currencyCode
      }
    }
    lines(first: 100) {
      edges {
        node {
          id
          quantity
          merchandise {
            ... on ProductVariant {
              id
              price {
                amount
                currencyCode
              }
              quantityAvailable
              availableForSale
              image {
                url
              }
              product {
                id
                title
                featuredImage {
                  url
                }
              }
            }
          }
        }
      }
    }
  }
`;

const CART_PROBLEMS = /* GraphQL */ `
  userErrors {
    code
    field
    message
  }
  warnings {
    code
    message
    target
  }
`;

export const STOREFRONT_CART = /* GraphQL */ `
  query StorefrontCart($id: ID!) {
    cart(id: $id) {
      ...StorefrontCartFields
    }
  }
  ${CART_FIELDS}
`;

export const STOREFRONT_CART_CREATE = /* GraphQL */ `
  mutation StorefrontCartCreate($input: CartInput!) {
    cartCreate(input: $input) {
      cart {
        ...StorefrontCartFields
      }
      ${CART_PROBLEMS}
    }
  }
  ${CART_FIELDS}
`;

export const STOREFRONT_CART_LINES_ADD = /* GraphQL */ `
  mutation StorefrontCartLinesAdd($cartId: ID!, $lines: [CartLineInput!]!) {
    cartLinesAdd(cartId: $cartId, lines: $lines) {
      cart {
        ...StorefrontCartFields
      }
      ${CART_PROBLEMS}
    }
  }
  ${CART_FIELDS}
`;

export const STOREFRONT_CART_LINES_UPDATE = /* GraphQL */ `
  mutation StorefrontCartLinesUpdate($cartId: ID!, $lines: [CartLineUpdateInput!]!) {
    cartLinesUpdate(cartId: $cartId, lines: $lines) {
      cart {
        ...StorefrontCartFields
      }
      ${CART_PROBLEMS}
    }
  }
  ${CART_FIELDS}
`;

export const STOREFRONT_CART_LINES_REMOVE = /* GraphQL */ `
  mutation StorefrontCartLinesRemove($cartId: ID!, $lineIds: [ID!]!) {
    cartLinesRemove(cartId: $cartId, lineIds: $lineIds) {
      cart {
        ...StorefrontCartFields
      }
      ${CART_PROBLEMS}
    }
  }
  ${CART_FIELDS}
`;

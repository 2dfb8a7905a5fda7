/**
 * Every document the shop sends to the Admin API (spec section 7, item 2, in the forms of the
 * pinned version: productCreate/productUpdate take `product:`, media is appended through
 * productUpdate's `media:` and publishing goes through publishablePublish; decision record 020).
 * Each export is one named operation, validated against the official schema in a unit test.
 */

const USER_ERRORS = /* GraphQL */ `
  userErrors {
    field
    message
  }
`;

const PRODUCT_FIELDS = /* GraphQL */ `
  fragment AdminProductFields on Product {
    id
    handle
    title
    metafields(first: 20, namespace: "card") {
      edges {
        node {
          key
          value
        }
      }
    }
    description
    descriptionHtml
    tags
    productType
    status
    createdAt
    updatedAt
    media(first: 10) {
      edges {
        node {
          __typename
          id
          alt
          mediaContentType
          ... on MediaImage {
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
          price
          compareAtPrice
          inventoryPolicy
          inventoryQuantity
          inventoryItem {
            id
            tracked
          }
        }
      }
    }
  }
`;

/** One page of the admin's product list (50 at most, media up to 10). */
export const ADMIN_PRODUCTS = /* GraphQL */ `
  query AdminProducts($first: Int!, $after: String, $query: String, $sortKey: ProductSortKeys, $reverse: Boolean) {
    products(first: $first, after: $after, query: $query, sortKey: $sortKey, reverse: $reverse) {
      pageInfo {
        hasNextPage
        endCursor
      }
      edges {
        cursor
        node {
          ...AdminProductFields
        }
      }
    }
  }
  ${PRODUCT_FIELDS}
`;

export const ADMIN_PRODUCT = /* GraphQL */ `
  query AdminProduct($id: ID!) {
    product(id: $id) {
      ...AdminProductFields
    }
  }
  ${PRODUCT_FIELDS}
`;

export const ADMIN_PRODUCT_CREATE = /* GraphQL */ `
  mutation AdminProductCreate($product: ProductCreateInput!, $media: [CreateMediaInput!]) {
    productCreate(product: $product, media: $media) {
      product {
        ...AdminProductFields
      }
      ${USER_ERRORS}
    }
  }
  ${PRODUCT_FIELDS}
`;

/** Also appends new media (the pinned version's replacement for productAppendMedia). */
export const ADMIN_PRODUCT_UPDATE = /* GraphQL */ `
  mutation AdminProductUpdate($product: ProductUpdateInput!, $media: [CreateMediaInput!]) {
    productUpdate(product: $product, media: $media) {
      product {
        ...AdminProductFields
      }
      ${USER_ERRORS}
    }
  }
  ${PRODUCT_FIELDS}
`;

export const ADMIN_PRODUCT_DELETE = /* GraphQL */ `
  mutation AdminProductDelete($input: ProductDeleteInput!) {
    productDelete(input: $input) {
      deletedProductId
      ${USER_ERRORS}
    }
  }
`;

/** The sales channels' publications, to publish a product to the named ones. */
export const ADMIN_PUBLICATIONS = /* GraphQL */ `
  query AdminPublications {
    publications(first: 10) {
      edges {
        node {
          id
          catalog {
            title
          }
        }
      }
    }
  }
`;

export const ADMIN_PUBLISHABLE_PUBLISH = /* GraphQL */ `
  mutation AdminPublishablePublish($id: ID!, $input: [PublicationInput!]!) {
    publishablePublish(id: $id, input: $input) {
      ${USER_ERRORS}
    }
  }
`;

export const ADMIN_VARIANTS_BULK_UPDATE = /* GraphQL */ `
  mutation AdminVariantsBulkUpdate($productId: ID!, $variants: [ProductVariantsBulkInput!]!) {
    productVariantsBulkUpdate(productId: $productId, variants: $variants) {
      productVariants {
        id
        price
        inventoryPolicy
      }
      ${USER_ERRORS}
    }
  }
`;

export const ADMIN_INVENTORY_ITEM_UPDATE = /* GraphQL */ `
  mutation AdminInventoryItemUpdate($id: ID!, $input: InventoryItemInput!) {
    inventoryItemUpdate(id: $id, input: $input) {
      inventoryItem {
        id
        tracked
      }
      ${USER_ERRORS}
    }
  }
`;

export const ADMIN_LOCATIONS = /* GraphQL */ `
  query AdminLocations {
    locations(first: 1) {
      edges {
        node {
          id
          name
        }
      }
    }
  }
`;

/** The 'available' quantity of an item at a location; null level when it is not stocked there. */
export const ADMIN_INVENTORY_LEVEL = /* GraphQL */ `
  query AdminInventoryLevel($inventoryItemId: ID!, $locationId: ID!) {
    inventoryItem(id: $inventoryItemId) {
      id
      tracked
      inventoryLevel(locationId: $locationId) {
        id
        quantities(names: ["available"]) {
          name
          quantity
        }
      }
    }
  }
`;

/**
 * From 2026-04 Shopify requires an idempotency key on the inventory mutations (`@idempotent`), so a
 * retry after a lost answer is not applied twice; the adjustment also carries `changeFromQuantity`
 * (compare and swap), which the pinned version makes mandatory.
 */
export const ADMIN_INVENTORY_ACTIVATE = /* GraphQL */ `
  mutation AdminInventoryActivate($inventoryItemId: ID!, $locationId: ID!, $idempotencyKey: String!) {
    inventoryActivate(inventoryItemId: $inventoryItemId, locationId: $locationId)
      @idempotent(key: $idempotencyKey) {
      inventoryLevel {
        id
      }
      ${USER_ERRORS}
    }
  }
`;

export const ADMIN_INVENTORY_ADJUST = /* GraphQL */ `
  mutation AdminInventoryAdjust($input: InventoryAdjustQuantitiesInput!, $idempotencyKey: String!) {
    inventoryAdjustQuantities(input: $input) @idempotent(key: $idempotencyKey) {
      inventoryAdjustmentGroup {
        reason
        changes {
          name
          delta
        }
      }
      ${USER_ERRORS}
    }
  }
`;

export const ADMIN_STAGED_UPLOADS_CREATE = /* GraphQL */ `
  mutation AdminStagedUploadsCreate($input: [StagedUploadInput!]!) {
    stagedUploadsCreate(input: $input) {
      stagedTargets {
        url
        resourceUrl
        parameters {
          name
          value
        }
      }
      ${USER_ERRORS}
    }
  }
`;

export const ADMIN_PRODUCT_REORDER_MEDIA = /* GraphQL */ `
  mutation AdminProductReorderMedia($id: ID!, $moves: [MoveInput!]!) {
    productReorderMedia(id: $id, moves: $moves) {
      job {
        id
      }
      mediaUserErrors {
        field
        message
      }
    }
  }
`;

/** Detaches images from a product (the pinned version's replacement for productDeleteMedia). */
export const ADMIN_FILE_UPDATE = /* GraphQL */ `
  mutation AdminFileUpdate($files: [FileUpdateInput!]!) {
    fileUpdate(files: $files) {
      ${USER_ERRORS}
    }
  }
`;

/** The newest orders for the dashboard (read-only in Shopify mode). */
export const ADMIN_ORDERS = /* GraphQL */ `
  query AdminOrders($first: Int!, $after: String) {
    orders(first: $first, after: $after, sortKey: CREATED_AT, reverse: true) {
      pageInfo {
        hasNextPage
        endCursor
      }
      edges {
        node {
          id
          legacyResourceId
          name
          createdAt
          cancelledAt
          email
          displayFinancialStatus
          displayFulfillmentStatus
          totalPriceSet {
            shopMoney {
              amount
              currencyCode
            }
          }
          customer {
            displayName
          }
        }
      }
    }
  }
`;

/** The card-fact metafield definitions that exist (decision 052). */
export const ADMIN_CARD_DEFINITIONS = /* GraphQL */ `
  query AdminCardDefinitions($namespace: String!) {
    metafieldDefinitions(first: 50, namespace: $namespace, ownerType: PRODUCT) {
      edges {
        node {
          id
          key
        }
      }
    }
  }
`;

/** Creates one card-fact metafield definition, readable by the Storefront API. */
export const ADMIN_METAFIELD_DEFINITION_CREATE = /* GraphQL */ `
  mutation AdminMetafieldDefinitionCreate($definition: MetafieldDefinitionInput!) {
    metafieldDefinitionCreate(definition: $definition) {
      createdDefinition {
        id
        key
      }
      userErrors {
        field
        message
        code
      }
    }
  }
`;

/** Removes the metafields of facts a product no longer has. */
export const ADMIN_METAFIELDS_DELETE = /* GraphQL */ `
  mutation AdminMetafieldsDelete($metafields: [MetafieldIdentifierInput!]!) {
    metafieldsDelete(metafields: $metafields) {
      deletedMetafields {
        key
      }
      ${USER_ERRORS}
    }
  }
`;

/**
 * The dashboard overview's sales (decision 091): how many orders each part of the 90 days holds,
 * so the read knows its cost before it starts (a count costs next to nothing).
 */
export const ADMIN_OVERVIEW_ORDER_COUNTS = /* GraphQL */ `
  query AdminOverviewOrderCounts($earlier: String!, $later: String!) {
    earlier: ordersCount(query: $earlier) {
      count
      precision
    }
    later: ordersCount(query: $later) {
      count
      precision
    }
  }
`;

const OVERVIEW_ORDER_FIELDS = /* GraphQL */ `
  fragment OverviewOrderFields on Order {
    id
    createdAt
    cancelledAt
    test
    displayFulfillmentStatus
    totalPriceSet {
      shopMoney {
        amount
        currencyCode
      }
    }
  }
`;

/** What a sold line adds to best sellers and sales by team: the unit price after every discount. */
const OVERVIEW_LINE_FIELDS = /* GraphQL */ `
  fragment OverviewLineFields on LineItem {
    title
    quantity
    variant {
      id
    }
    discountedUnitPriceAfterAllDiscountsSet {
      shopMoney {
        amount
        currencyCode
      }
    }
    product {
      id
      productType
      tags
    }
  }
`;

/**
 * Orders without their lines, for the days before the last 30 (totals and the chart): at 250 a
 * page the requested cost is about 750 of the 1,000 a single query may ask for.
 */
export const ADMIN_OVERVIEW_ORDERS = /* GraphQL */ `
  query AdminOverviewOrders($first: Int!, $after: String, $query: String!) {
    orders(first: $first, after: $after, query: $query, sortKey: CREATED_AT) {
      pageInfo {
        hasNextPage
        endCursor
      }
      edges {
        node {
          ...OverviewOrderFields
        }
      }
    }
  }
  ${OVERVIEW_ORDER_FIELDS}
`;

/**
 * Orders with their first lines, for the last 30 days (best sellers and sales by team too). Each
 * line costs about 5 points, so 15 orders of up to 10 lines ask for about 850; an order with more
 * lines reads the rest with AdminOverviewOrderLines.
 */
export const ADMIN_OVERVIEW_ORDERS_WITH_LINES = /* GraphQL */ `
  query AdminOverviewOrdersWithLines($first: Int!, $lines: Int!, $after: String, $query: String!) {
    orders(first: $first, after: $after, query: $query, sortKey: CREATED_AT) {
      pageInfo {
        hasNextPage
        endCursor
      }
      edges {
        node {
          ...OverviewOrderFields
          lineItems(first: $lines) {
            pageInfo {
              hasNextPage
              endCursor
            }
            edges {
              node {
                ...OverviewLineFields
              }
            }
          }
        }
      }
    }
  }
  ${OVERVIEW_ORDER_FIELDS}
  ${OVERVIEW_LINE_FIELDS}
`;

/** The rest of one order's lines (about 500 points for 100). */
export const ADMIN_OVERVIEW_ORDER_LINES = /* GraphQL */ `
  query AdminOverviewOrderLines($id: ID!, $first: Int!, $after: String) {
    order(id: $id) {
      lineItems(first: $first, after: $after) {
        pageInfo {
          hasNextPage
          endCursor
        }
        edges {
          node {
            ...OverviewLineFields
          }
        }
      }
    }
  }
  ${OVERVIEW_LINE_FIELDS}
`;

/**
 * The overview's stock lists: active products that track stock with none left, and with a few
 * left, newest first, each counted in full. One request of about 100 points.
 */
export const ADMIN_OVERVIEW_STOCK = /* GraphQL */ `
  query AdminOverviewStock($soldOut: String!, $low: String!, $first: Int!) {
    soldOut: products(first: $first, query: $soldOut, sortKey: ID, reverse: true) {
      edges {
        node {
          ...OverviewStockProduct
        }
      }
    }
    soldOutCount: productsCount(query: $soldOut, limit: null) {
      count
      precision
    }
    low: products(first: $first, query: $low, sortKey: ID, reverse: true) {
      edges {
        node {
          ...OverviewStockProduct
        }
      }
    }
    lowCount: productsCount(query: $low, limit: null) {
      count
      precision
    }
  }
  fragment OverviewStockProduct on Product {
    id
    title
    totalInventory
    variants(first: 1) {
      edges {
        node {
          id
        }
      }
    }
  }
`;

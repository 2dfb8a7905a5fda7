import { ADMIN_SECTIONS, sectionPath } from '../../src/domain/admin/sections.ts';
import { productPath } from '../../src/domain/catalog/product-id.ts';
import { onShopify } from '../fixtures/backends.ts';
import { openShop } from '../fixtures/shop.ts';

/** One URL of every kind of storefront page but the product page, for the HTML checker and axe. */
export const PAGE_TYPES: readonly string[] = [
  '/',
  '/singles',
  '/singles?category=NBA',
  '/singles?category=NBA&team=Boston+Celtics',
  '/singles?page=2',
  '/singles?search=celtics&sort=price-asc',
  '/singles?min=abc',
  '/mystery-packs',
  '/LOT',
  '/offers',
  '/about-us',
  '/contact-us',
  '/contact',
  '/coming-soon',
  '/cart',
  '/wishlist',
  '/stock-alerts/confirm?token=e2e-not-a-real-token',
  '/stock-alerts/unsubscribe?token=e2e-not-a-real-token',
  '/checkout',
  '/accessibility',
  '/privacy',
  '/cookies',
  '/terms',
  '/player/Giannis%20Antetokounmpo/Milwaukee%20Bucks',
  '/player/Giannis%20Antetokounmpo',
  '/player/Danny%20Welbeck/Brighton%20%26%20Hove%20Albion',
  '/player/Nobody%20Special/Milwaukee%20Bucks',
  `/product/${encodeURIComponent('gid://shop/Product/999999999')}`,
  '/admin-login',
  // The login page with its «Ξεχάσατε τον κωδικό;» form open.
  '/admin-login#forgot',
  '/admin-reset-password?token=e2e-not-a-real-token',
  // The dashboard's sections, each at its address; /admin-dashboard is the overview.
  ...ADMIN_SECTIONS.map((section) => sectionPath(section.slug)),
  '/no/such/page',
];

/** The newest product's page (read when the test runs: the shop is not there while tests are listed). */
export async function newestProductPage(): Promise<string> {
  const shop = openShop();
  try {
    const [product] = await shop.commerce.recentProducts(1);
    if (!product) throw new Error('the shop has no product');
    return productPath(product);
  } finally {
    shop.close();
  }
}

/**
 * An order confirmation page (/order/{token}) of an order placed through the engine, as checkout
 * does; null on Shopify, whose checkout takes the orders and shows its own page.
 */
export async function orderPage(): Promise<string | null> {
  if (onShopify) return null;
  const shop = openShop();
  try {
    // A card of its own, above the 7 € minimum, whatever other specs left in the catalogue.
    const { product } = await shop.commerce.createProduct({
      title: `E2E order page card ${Date.now()}`,
      tags: ['Olympiacos'],
      productType: 'Card',
      priceCents: 1500,
      quantity: 1,
    });
    const cart = await shop.carts.addCartLines(null, [{ merchandiseId: product.variantId, quantity: 1 }]);
    const { order } = await shop.orders.placeOrder({
      cartId: cart.id,
      idempotencyKey: `e2e-validators-${crypto.randomUUID()}`,
      customer: { name: 'Μαρία Παπαδοπούλου', email: 'buyer@example.com', phone: '6912345678' },
      delivery: { method: 'pickup' },
      payment: 'bank_transfer',
      notes: '',
      shipping: { courierFeeCents: 0, freeShippingFromCents: null },
    });
    return `/order/${order.accessToken}`;
  } finally {
    shop.close();
  }
}

import { atom, computed } from 'nanostores';
import type { Cart } from '../domain/cart/cart.ts';
import { type ApiError, callApi } from './api.ts';

/** The cart exactly as the server last answered it; every change replaces it whole (spec section 4). */
export const $cart = atom<Cart | null>(null);
export const $cartState = atom<'idle' | 'loading' | 'ready' | 'error'>('idle');

export const $cartSummary = computed($cart, (cart) => ({
  count: cart?.totalQuantity ?? 0,
  totalCents: cart?.subtotalCents ?? 0,
}));

/** Grows each time a change raises the item count: the header's cart icon bumps on it. */
export const $cartRises = atom(0);

export type CartChange = { ok: true } | { ok: false; error: ApiError };

let loading: Promise<void> | null = null;

/** Reads the cart once per page load (the header, the cart page and steppers share it). */
export function loadCart(): Promise<void> {
  loading ??= (async () => {
    $cartState.set('loading');
    const result = await callApi<{ cart: Cart | null }>('GET', '/api/cart');
    if (result.ok) $cart.set(result.data.cart);
    $cartState.set(result.ok ? 'ready' : 'error');
  })();
  return loading;
}

async function change(method: string, body: unknown): Promise<CartChange> {
  const result = await callApi<{ cart: Cart }>(method, '/api/cart/lines', body);
  if (!result.ok) {
    // The cart may have changed under us (sold out, stock lowered): show the server's current one.
    if (result.error.kind === 'conflict') {
      loading = null;
      await loadCart();
    }
    return result;
  }
  const before = $cart.get()?.totalQuantity ?? 0;
  $cart.set(result.data.cart);
  $cartState.set('ready');
  if (result.data.cart.totalQuantity > before) $cartRises.set($cartRises.get() + 1);
  return { ok: true };
}

export const addToCart = (merchandiseId: string, quantity: number) =>
  change('POST', { merchandiseId, quantity });
export const updateCartLine = (lineId: string, quantity: number) => change('PATCH', { lineId, quantity });
export const removeCartLine = (lineId: string) => change('DELETE', { lineIds: [lineId] });

/** How many of a variant the cart holds now. */
export function quantityInCart(cart: Cart | null, variantId: string): number {
  return cart?.lines.find((line) => line.merchandise.id === variantId)?.quantity ?? 0;
}

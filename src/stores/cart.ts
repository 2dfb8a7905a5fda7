import { atom, computed } from 'nanostores';

/** The cart as the server answers it; every change replaces it whole (spec section 4). */
export type CartLine = {
  id: string;
  quantity: number;
  merchandise: { id: string; title: string; image: string | null; priceCents: number };
};
export type Cart = { id: string; checkoutUrl: string; lines: CartLine[] };

export const $cart = atom<Cart | null>(null);

export const $cartSummary = computed($cart, (cart) => ({
  count: cart?.lines.reduce((sum, line) => sum + line.quantity, 0) ?? 0,
  totalCents: cart?.lines.reduce((sum, line) => sum + line.quantity * line.merchandise.priceCents, 0) ?? 0,
}));

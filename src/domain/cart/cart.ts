import { z } from 'zod';
import { isAppError } from '../errors.ts';

// The cart as every commerce backend answers it: lines with their stock, totals, and what changed.

export const cartLineInputSchema = z.object({
  merchandiseId: z.string().min(1).max(200),
  quantity: z.number().int().min(1).max(1000),
});
export type CartLineInput = z.infer<typeof cartLineInputSchema>;

/** Whether an error says the cart named in the request is not open (addCartLines with newCart: false). */
export const isMissingCart = (error: unknown) =>
  isAppError(error) && error.kind === 'not_found' && error.fields.cart === 'missing';

export type CartLine = {
  id: string;
  quantity: number;
  merchandise: {
    /** The variant id. */
    id: string;
    productId: string;
    title: string;
    image: string | null;
    priceCents: number;
    /** Stock now; null when not tracked. */
    available: number | null;
  };
};

/** Something the shop changed in a cart since the shopper last saw it, told in Greek. */
export type CartNotice = { lineId: string; kind: 'reduced' | 'sold_out'; message: string };

export type Cart = {
  id: string;
  checkoutUrl: string;
  lines: CartLine[];
  totalQuantity: number;
  subtotalCents: number;
  notices: CartNotice[];
};

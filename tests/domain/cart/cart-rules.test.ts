import { describe, expect, it } from 'vitest';
import { MESSAGES } from '../../../src/domain/auth/login-messages.ts';
import {
  canAdd,
  canCheckout,
  cartTotals,
  DEFAULT_LIST_MAX,
  DEFAULT_PRODUCT_PAGE_MAX,
  MIN_ORDER_CENTS,
  MIN_ORDER_MESSAGE,
  remainingStock,
  stepperState,
  tooManyMessage,
} from '../../../src/domain/cart/cart-rules.ts';

describe('cartTotals', () => {
  it('adds quantities and quantity × price in integer cents', () => {
    expect(cartTotals([{ quantity: 3, priceCents: 333 }])).toEqual({ totalQuantity: 3, subtotalCents: 999 });
    expect(
      cartTotals([
        { quantity: 2, priceCents: 1250 },
        { quantity: 1, priceCents: 99 },
      ]),
    ).toEqual({ totalQuantity: 3, subtotalCents: 2599 });
  });

  it('has no float drift with 0.10 €-like prices', () => {
    expect(
      cartTotals([
        { quantity: 10, priceCents: 10 },
        { quantity: 20, priceCents: 20 },
      ]),
    ).toEqual({ totalQuantity: 30, subtotalCents: 500 });
    // 0.1 + 0.2 is not 0.3 in floats; 10 + 20 cents is 30.
    expect(
      cartTotals([
        { quantity: 1, priceCents: 10 },
        { quantity: 1, priceCents: 20 },
      ]).subtotalCents,
    ).toBe(30);
    const many = cartTotals(Array.from({ length: 1000 }, () => ({ quantity: 1, priceCents: 10 })));
    expect(many).toEqual({ totalQuantity: 1000, subtotalCents: 10_000 });
    expect(Number.isInteger(many.subtotalCents)).toBe(true);
  });

  it('is zero for an empty cart', () => {
    expect(cartTotals([])).toEqual({ totalQuantity: 0, subtotalCents: 0 });
  });
});

describe('canCheckout (minimum order 7 €)', () => {
  it('refuses 6.99 € and accepts 7.00 € and more', () => {
    expect(MIN_ORDER_CENTS).toBe(700);
    expect(canCheckout(0)).toBe(false);
    expect(canCheckout(699)).toBe(false);
    expect(canCheckout(700)).toBe(true);
    expect(canCheckout(701)).toBe(true);
    expect(canCheckout(100_000)).toBe(true);
  });
});

describe('remainingStock', () => {
  it('is stock minus what the cart holds, never below 0', () => {
    expect(remainingStock(3, 0)).toBe(3);
    expect(remainingStock(3, 1)).toBe(2);
    expect(remainingStock(3, 3)).toBe(0);
    expect(remainingStock(3, 5)).toBe(0);
    expect(remainingStock(0, 0)).toBe(0);
  });
});

describe('canAdd', () => {
  it('refuses zero, negative and fractional quantities', () => {
    expect(canAdd(0, 0, 3)).toBe(false);
    expect(canAdd(-1, 0, 3)).toBe(false);
    expect(canAdd(1.5, 0, 3)).toBe(false);
    expect(canAdd(Number.NaN, 0, 3)).toBe(false);
    expect(canAdd(Number.POSITIVE_INFINITY, 0, 3)).toBe(false);
  });

  it('accepts exactly the max and refuses one over', () => {
    expect(canAdd(3, 0, 3)).toBe(true);
    expect(canAdd(4, 0, 3)).toBe(false);
    expect(canAdd(1, 2, 3)).toBe(true);
    expect(canAdd(2, 2, 3)).toBe(false);
    expect(canAdd(1, 3, 3)).toBe(false);
  });

  it('refuses everything when there is no stock', () => {
    expect(canAdd(1, 0, 0)).toBe(false);
  });
});

describe('stepperState', () => {
  it('starts at 1 with minus disabled', () => {
    expect(stepperState(1, 3, 0)).toEqual({
      remaining: 3,
      value: 1,
      minusDisabled: true,
      plusDisabled: false,
    });
  });

  it('shows 0 with plus disabled when the cart holds the whole stock', () => {
    const state = stepperState(1, 3, 3);
    expect(state.remaining).toBe(0);
    expect(state.value).toBe(0);
    expect(state.plusDisabled).toBe(true);
    expect(state.minusDisabled).toBe(true);
    expect(stepperState(1, 2, 5)).toMatchObject({ remaining: 0, value: 0, plusDisabled: true });
  });

  it('disables plus at the remaining stock and enables minus above 1', () => {
    expect(stepperState(2, 3, 1)).toEqual({
      remaining: 2,
      value: 2,
      minusDisabled: false,
      plusDisabled: true,
    });
    expect(stepperState(2, 5, 0)).toEqual({
      remaining: 5,
      value: 2,
      minusDisabled: false,
      plusDisabled: false,
    });
  });

  it('has both buttons disabled when only one fits', () => {
    expect(stepperState(1, 1, 0)).toEqual({
      remaining: 1,
      value: 1,
      minusDisabled: true,
      plusDisabled: true,
    });
  });

  it('keeps the value between 1 and the remaining stock', () => {
    expect(stepperState(0, 3, 0).value).toBe(1);
    expect(stepperState(-4, 3, 0).value).toBe(1);
    expect(stepperState(9, 3, 0)).toMatchObject({ value: 3, plusDisabled: true });
    expect(stepperState(3, 3, 2)).toMatchObject({ remaining: 1, value: 1, plusDisabled: true });
  });

  it('uses the default maxima of the spec', () => {
    expect(DEFAULT_LIST_MAX).toBe(10);
    expect(DEFAULT_PRODUCT_PAGE_MAX).toBe(1);
  });
});

describe('messages', () => {
  it('tooManyMessage has the exact Greek text of the spec', () => {
    expect(tooManyMessage(3)).toBe(
      'Δεν μπορείς να προσθέσεις περισσότερα από 3 τεμάχια αυτού του προϊόντος.',
    );
    expect(tooManyMessage(1)).toBe(
      'Δεν μπορείς να προσθέσεις περισσότερα από 1 τεμάχια αυτού του προϊόντος.',
    );
  });

  it('MIN_ORDER_MESSAGE has the exact text of the spec', () => {
    expect(MIN_ORDER_MESSAGE).toBe('Minimum order amount is 7€. Please add more items.');
    expect(MESSAGES.minimumOrder).toBe(MIN_ORDER_MESSAGE);
  });
});

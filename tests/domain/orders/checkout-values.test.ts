import { describe, expect, it } from 'vitest';
import {
  EMPTY_CHECKOUT,
  errorsStillHolding,
  firstInvalidField,
} from '../../../src/domain/orders/checkout-values.ts';

describe('checkout errors', () => {
  it('the first invalid field is the top-most on the page, whatever order the errors came in', () => {
    expect(firstInvalidField({ payment: 'x', 'delivery.city': 'x', phone: 'x' })).toBe('phone');
    expect(firstInvalidField({ 'delivery.postalCode': 'x', payment: 'x' })).toBe('postalCode');
    expect(firstInvalidField({ cart: 'x' })).toBeNull();
    expect(firstInvalidField({})).toBeNull();
  });

  it('a fixed field loses its error at once; others keep theirs; none appear before a submit', () => {
    const shown = {
      name: 'Το ονοματεπώνυμο είναι υποχρεωτικό.',
      'delivery.postalCode': 'Ο ταχυδρομικός κώδικας είναι υποχρεωτικός.',
      cart: 'Κάποια προϊόντα εξαντλήθηκαν.',
    };
    const held = errorsStillHolding(shown, { ...EMPTY_CHECKOUT, name: 'Μαρία', postalCode: '123' });
    expect(held).toEqual({
      // The message follows what is typed now.
      'delivery.postalCode': 'Ο ταχυδρομικός κώδικας πρέπει να έχει 5 ψηφία (π.χ. 104 31).',
      // What the server said of the order stays until the next submit.
      cart: 'Κάποια προϊόντα εξαντλήθηκαν.',
    });
    expect(errorsStillHolding({}, EMPTY_CHECKOUT)).toEqual({});
  });
});

import { describe, expect, it } from 'vitest';
import {
  type CheckoutFormInput,
  checkoutErrors,
  checkoutFormSchema,
} from '../../../src/domain/orders/checkout-form.ts';

const KEY = 'k_0123456789abcdef-XYZ';

function courierForm(overrides: Record<string, unknown> = {}): CheckoutFormInput {
  return {
    name: 'Γιώργος Παπαδόπουλος',
    email: 'giorgos@example.gr',
    phone: '6912345678',
    delivery: {
      method: 'courier',
      street: 'Πανεπιστημίου 10',
      city: 'Αθήνα',
      postalCode: '10431',
      region: '',
    },
    payment: 'bank_transfer',
    notes: '',
    idempotencyKey: KEY,
    ...overrides,
  } as CheckoutFormInput;
}

function pickupForm(overrides: Record<string, unknown> = {}): CheckoutFormInput {
  return courierForm({ delivery: { method: 'pickup' }, payment: 'cash_on_delivery', ...overrides });
}

/** The form with one top-level field taken out. */
function without(field: string): Record<string, unknown> {
  const form: Record<string, unknown> = { ...courierForm() };
  delete form[field];
  return form;
}

function courierWith(delivery: Record<string, unknown>) {
  return courierForm({
    delivery: {
      method: 'courier',
      street: 'Πανεπιστημίου 10',
      city: 'Αθήνα',
      postalCode: '10431',
      ...delivery,
    },
  });
}

describe('checkoutFormSchema: valid forms', () => {
  it('accepts a courier form and trims the text', () => {
    const parsed = checkoutFormSchema.parse(
      courierForm({ name: '  Γιώργος Παπαδόπουλος  ', notes: '  Κουδούνι 2ος  ' }),
    );
    expect(parsed).toEqual({
      name: 'Γιώργος Παπαδόπουλος',
      email: 'giorgos@example.gr',
      phone: '6912345678',
      delivery: {
        method: 'courier',
        street: 'Πανεπιστημίου 10',
        city: 'Αθήνα',
        postalCode: '10431',
        region: '',
      },
      payment: 'bank_transfer',
      notes: 'Κουδούνι 2ος',
      idempotencyKey: KEY,
    });
    expect(checkoutErrors(courierForm())).toEqual({});
  });

  it('accepts a pickup form without an address, with notes and region defaulted', () => {
    const form = pickupForm() as Record<string, unknown>;
    delete form.notes;
    const parsed = checkoutFormSchema.parse(form);
    expect(parsed.delivery).toEqual({ method: 'pickup' });
    expect(parsed.payment).toBe('cash_on_delivery');
    expect(parsed.notes).toBe('');
    expect(checkoutErrors(pickupForm())).toEqual({});
    const courier = courierWith({});
    expect(checkoutFormSchema.parse(courier).delivery).toMatchObject({ region: '' });
  });
});

describe('checkoutErrors: each required field has its Greek message under its path', () => {
  it('name', () => {
    expect(checkoutErrors(without('name')).name).toBe('Το ονοματεπώνυμο είναι υποχρεωτικό.');
    expect(checkoutErrors(courierForm({ name: '   ' })).name).toBe('Το ονοματεπώνυμο είναι υποχρεωτικό.');
  });

  it('email', () => {
    expect(checkoutErrors(without('email')).email).toBe('Συμπληρώστε ένα έγκυρο email.');
    expect(checkoutErrors(courierForm({ email: 'not-an-email' })).email).toBe(
      'Συμπληρώστε ένα έγκυρο email.',
    );
  });

  it('phone', () => {
    expect(checkoutErrors(without('phone')).phone).toBe('Το τηλέφωνο είναι υποχρεωτικό.');
  });

  it('delivery.street, delivery.city, delivery.postalCode', () => {
    expect(checkoutErrors(courierWith({ street: '' }))['delivery.street']).toBe(
      'Η διεύθυνση (οδός και αριθμός) είναι υποχρεωτική.',
    );
    expect(checkoutErrors(courierWith({ city: '  ' }))['delivery.city']).toBe('Η πόλη είναι υποχρεωτική.');
    const noPostal = courierWith({});
    delete (noPostal.delivery as Record<string, unknown>).postalCode;
    expect(checkoutErrors(noPostal)['delivery.postalCode']).toBe(
      'Ο ταχυδρομικός κώδικας είναι υποχρεωτικός.',
    );
  });

  it('delivery itself', () => {
    expect(checkoutErrors(without('delivery')).delivery).toBe('Επιλέξτε τρόπο παράδοσης.');
    expect(checkoutErrors(courierForm({ delivery: { method: 'drone' } }))['delivery.method']).toBe(
      'Επιλέξτε τρόπο παράδοσης.',
    );
  });

  it('payment', () => {
    expect(checkoutErrors(without('payment')).payment).toBe('Επιλέξτε τρόπο πληρωμής.');
    expect(checkoutErrors(courierForm({ payment: 'bitcoin' })).payment).toBe('Επιλέξτε τρόπο πληρωμής.');
  });

  it('lists every missing field of an empty form at once', () => {
    const errors = checkoutErrors({});
    expect(Object.keys(errors).sort()).toEqual(
      ['delivery', 'email', 'idempotencyKey', 'name', 'payment', 'phone'].sort(),
    );
  });
});

describe('phone', () => {
  it('accepts spaces, dots, hyphens, brackets and a +30 or 0030 prefix, and strips them', () => {
    expect(checkoutFormSchema.parse(courierForm({ phone: '691 234 5678' })).phone).toBe('6912345678');
    expect(checkoutFormSchema.parse(courierForm({ phone: '+30 6912345678' })).phone).toBe('+306912345678');
    expect(checkoutFormSchema.parse(courierForm({ phone: '0030 691-234-5678' })).phone).toBe(
      '00306912345678',
    );
    expect(checkoutFormSchema.parse(courierForm({ phone: '(210) 123.4567' })).phone).toBe('2101234567');
  });

  it('refuses numbers that are not 10 digits', () => {
    const message = 'Το τηλέφωνο πρέπει να έχει 10 ψηφία (π.χ. 6912345678).';
    expect(checkoutErrors(courierForm({ phone: '12345' })).phone).toBe(message);
    expect(checkoutErrors(courierForm({ phone: '69123456789' })).phone).toBe(message);
    expect(checkoutErrors(courierForm({ phone: '691234567a' })).phone).toBe(message);
    expect(checkoutErrors(courierForm({ phone: '+31 6912345678' })).phone).toBe(message);
    expect(checkoutErrors(courierForm({ phone: '' })).phone).toBe(message);
  });
});

describe('postal code', () => {
  it("accepts '104 31' and keeps it as five digits", () => {
    const parsed = checkoutFormSchema.parse(courierWith({ postalCode: '104 31' }));
    expect(parsed.delivery).toMatchObject({ postalCode: '10431' });
  });

  it('refuses four or six digits and letters', () => {
    const message = 'Ο ταχυδρομικός κώδικας πρέπει να έχει 5 ψηφία (π.χ. 104 31).';
    expect(checkoutErrors(courierWith({ postalCode: '1043' }))['delivery.postalCode']).toBe(message);
    expect(checkoutErrors(courierWith({ postalCode: '104311' }))['delivery.postalCode']).toBe(message);
    expect(checkoutErrors(courierWith({ postalCode: 'ABCDE' }))['delivery.postalCode']).toBe(message);
  });
});

describe('idempotencyKey', () => {
  it('accepts 16 to 100 characters of letters, digits, _ and -', () => {
    expect(checkoutErrors(courierForm({ idempotencyKey: 'a'.repeat(16) }))).toEqual({});
    expect(checkoutErrors(courierForm({ idempotencyKey: 'A-_9'.repeat(25) }))).toEqual({});
    expect(checkoutErrors(courierForm({ idempotencyKey: crypto.randomUUID() }))).toEqual({});
  });

  it('refuses shorter, longer, missing and other characters', () => {
    for (const idempotencyKey of [
      'a'.repeat(15),
      'a'.repeat(101),
      'abc def ghi jkl mno',
      '../../etc/passwd-xx',
      '',
    ]) {
      expect(checkoutErrors(courierForm({ idempotencyKey })).idempotencyKey).toBe('Μη έγκυρο αίτημα.');
    }
  });

  // Every message the shopper may see is Greek (spec section 8); a missing key must not fall back
  // to zod's English 'Invalid input: expected string, received undefined'.
  it('refuses a missing or non-string key with the Greek message', () => {
    expect(checkoutErrors(without('idempotencyKey')).idempotencyKey).toBe('Μη έγκυρο αίτημα.');
    expect(checkoutErrors(courierForm({ idempotencyKey: 12345 })).idempotencyKey).toBe('Μη έγκυρο αίτημα.');
  });
});

describe('notes', () => {
  it('accepts 500 characters and refuses 501', () => {
    expect(checkoutErrors(courierForm({ notes: 'α'.repeat(500) }))).toEqual({});
    expect(checkoutErrors(courierForm({ notes: 'α'.repeat(501) }))).toEqual({ notes: 'Έως 500 χαρακτήρες.' });
  });

  it('counts the notes after trimming', () => {
    expect(checkoutErrors(courierForm({ notes: `  ${'α'.repeat(500)}  ` }))).toEqual({});
  });
});

describe('lengths', () => {
  it('limits the name to 120 characters', () => {
    expect(checkoutErrors(courierForm({ name: 'α'.repeat(120) }))).toEqual({});
    expect(checkoutErrors(courierForm({ name: 'α'.repeat(121) })).name).toBe('Έως 120 χαρακτήρες.');
  });
});

describe('texts that reach the mails', () => {
  it('are cleaned of line breaks (one-line fields) and control characters (all)', () => {
    const result = checkoutFormSchema.safeParse({
      ...courierForm(),
      name: 'Μαρία\r\nΣύνολο: 0 €',
      delivery: {
        method: 'courier',
        street: 'Οδός\n1',
        city: 'Αθήνα\u0007',
        postalCode: '10431',
        region: '',
      },
      notes: 'δύο\r\nγραμμές\u0000',
    });
    expect(result.success).toBe(true);
    expect(result.data).toMatchObject({
      name: 'Μαρία Σύνολο: 0 €',
      delivery: { street: 'Οδός 1', city: 'Αθήνα' },
      notes: 'δύο\nγραμμές',
    });
  });
});

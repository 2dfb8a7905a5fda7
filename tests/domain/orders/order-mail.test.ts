import { describe, expect, it } from 'vitest';
import type { Order } from '../../../src/domain/orders/order.ts';
import { firstSettings } from '../../../src/domain/settings/first-settings.ts';

const SHOP = firstSettings({ shopEmail: 'shop@example.gr', shippingCents: 350 });

import {
  confirmationMail,
  deliveryText,
  ownerNotificationMail,
  paymentInstructions,
} from '../../../src/domain/orders/order-mail.ts';
import { formatEuro } from '../../../src/domain/text/money.ts';

const NBSP = '\u00a0';
const URL = 'https://shop.example.gr/order/AbCdEfGhIjKlMnOpQrStUvWxYz012345';

function order(overrides: Partial<Order> = {}): Order {
  return {
    id: 'gid://shop/Order/42',
    number: 'CV-100042',
    accessToken: 'AbCdEfGhIjKlMnOpQrStUvWxYz012345',
    status: 'pending',
    customer: { name: 'Γιώργος Παπαδόπουλος', email: 'giorgos@example.gr', phone: '6912345678' },
    delivery: {
      method: 'courier',
      street: 'Πανεπιστημίου 10',
      city: 'Αθήνα',
      postalCode: '10431',
      region: 'Αττική',
    },
    payment: 'bank_transfer',
    notes: '',
    lines: [
      {
        variantId: 'gid://shop/ProductVariant/7',
        title: '2024-25 Panini Prizm Jayson Tatum #1',
        unitPriceCents: 1250,
        quantity: 2,
      },
      {
        variantId: 'gid://shop/ProductVariant/9',
        title: 'Mystery Pack NBA',
        unitPriceCents: 99_900,
        quantity: 1,
      },
    ],
    subtotalCents: 102_400,
    shippingCents: 350,
    totalCents: 102_750,
    createdAt: '2025-05-01T10:00:00.000Z',
    history: [],
    shipment: null,
    ...overrides,
  };
}

describe('paymentInstructions', () => {
  it('bank transfer holds the account to pay, the order number to write and the el-GR total', () => {
    const text = paymentInstructions(order(), SHOP);
    expect(text).toContain('CV-100042');
    expect(text).toContain(`1.027,50${NBSP}€`);
    expect(text).toContain(formatEuro(102_750));
    expect(text).toContain(
      'Εθνική Τράπεζα, δικαιούχος CardVault Μονοπρόσωπη Ι.Κ.Ε., IBAN GR16 0110 1250 0000 0001 2300 695',
    );
    expect(text).toContain('Η παραγγελία αποστέλλεται μόλις πιστωθεί το ποσό.');
  });

  it('bank transfer for pickup says the shopper will be told when it is ready', () => {
    const text = paymentInstructions(order({ delivery: { method: 'pickup' } }), SHOP);
    expect(text).toContain('IBAN GR16');
    expect(text).toContain('έτοιμη για παραλαβή');
    expect(text).not.toContain('αποστέλλεται');
  });

  it('names every account when the shop has several', () => {
    const text = paymentInstructions(order(), {
      ...SHOP,
      bankAccounts: [
        ...SHOP.bankAccounts,
        { bank: 'Alpha Bank', beneficiary: 'CardVault', iban: 'DE89370400440532013000' },
      ],
    });
    expect(text).toContain('σε έναν από τους λογαριασμούς');
    expect(text).toContain('Alpha Bank, δικαιούχος CardVault, IBAN DE89 3704 0044 0532 0130 00');
  });

  it('cash on delivery with courier: pay the courier', () => {
    const text = paymentInstructions(order({ payment: 'cash_on_delivery' }), SHOP);
    expect(text).toBe(`Θα πληρώσετε 1.027,50${NBSP}€ με μετρητά στον courier κατά την παράδοση.`);
  });

  it('cash on delivery with pickup: pay at the shop', () => {
    const text = paymentInstructions(
      order({
        payment: 'cash_on_delivery',
        delivery: { method: 'pickup' },
        shippingCents: 0,
        totalCents: 102_400,
      }),
      SHOP,
    );
    expect(text).toContain(`1.024,00${NBSP}€`);
    expect(text).toContain('κατά την παραλαβή από το κατάστημα');
    expect(text).not.toContain('courier');
  });
});

describe('deliveryText', () => {
  it('joins street, postal code with city, and region for courier', () => {
    expect(deliveryText(order(), SHOP)).toBe('Αποστολή με courier: Πανεπιστημίου 10, 10431 Αθήνα, Αττική');
  });

  it('leaves out an empty region', () => {
    expect(
      deliveryText(
        {
          delivery: {
            method: 'courier',
            street: 'Τσιμισκή 5',
            city: 'Θεσσαλονίκη',
            postalCode: '54624',
            region: '',
          },
        },
        SHOP,
      ),
    ).toBe('Αποστολή με courier: Τσιμισκή 5, 54624 Θεσσαλονίκη');
  });

  it('names the pickup point and its hours for pickup', () => {
    expect(deliveryText({ delivery: { method: 'pickup' } }, SHOP)).toBe(
      'Παραλαβή από το κατάστημα: Ερμού 25, 10563 Αθήνα (1ος όροφος) · Δευτέρα έως Παρασκευή 10:00–18:00, Σάββατο 10:00–14:00',
    );
  });
});

describe('confirmationMail', () => {
  it('has the number in the subject and the lines, totals, instructions and URL in the text', () => {
    const mail = confirmationMail(order(), URL, SHOP);
    expect(mail.subject).toBe('Η παραγγελία σας CV-100042');
    expect(mail.text).toContain('Γεια σας Γιώργος Παπαδόπουλος,');
    expect(mail.text).toContain(`- 2 × 2024-25 Panini Prizm Jayson Tatum #1 — 25,00${NBSP}€`);
    expect(mail.text).toContain(`- 1 × Mystery Pack NBA — 999,00${NBSP}€`);
    expect(mail.text).toContain(`Υποσύνολο: 1.024,00${NBSP}€`);
    expect(mail.text).toContain(`Μεταφορικά: 3,50${NBSP}€`);
    expect(mail.text).toContain(`Σύνολο (με ΦΠΑ): 1.027,50${NBSP}€`);
    expect(mail.text).toContain('Παράδοση: Αποστολή με courier: Πανεπιστημίου 10, 10431 Αθήνα, Αττική');
    expect(mail.text).toContain('Πληρωμή: Τραπεζική μεταφορά');
    expect(mail.text).toContain(paymentInstructions(order(), SHOP));
    expect(mail.text).toContain(`Δείτε την παραγγελία σας: ${URL}`);
  });

  it('shows zero shipping and the pickup text for a pickup order', () => {
    const mail = confirmationMail(
      order({
        payment: 'cash_on_delivery',
        delivery: { method: 'pickup' },
        shippingCents: 0,
        totalCents: 102_400,
      }),
      URL,
      SHOP,
    );
    expect(mail.text).toContain(`Μεταφορικά: 0,00${NBSP}€`);
    expect(mail.text).toContain('Παράδοση: Παραλαβή από το κατάστημα');
    expect(mail.text).toContain('Πληρωμή: Αντικαταβολή');
  });
});

describe('ownerNotificationMail', () => {
  it('has the number and total in the subject and the customer, lines, totals, notes and URL in the text', () => {
    const mail = ownerNotificationMail(order({ notes: 'Παρακαλώ σε toploader' }), URL, SHOP);
    expect(mail.subject).toBe(`Νέα παραγγελία CV-100042 — 1.027,50${NBSP}€`);
    expect(mail.text).toContain(
      'Νέα παραγγελία CV-100042 από Γιώργος Παπαδόπουλος <giorgos@example.gr>, τηλ. 6912345678.',
    );
    expect(mail.text).toContain(`- 2 × 2024-25 Panini Prizm Jayson Tatum #1 — 25,00${NBSP}€`);
    expect(mail.text).toContain(`- 1 × Mystery Pack NBA — 999,00${NBSP}€`);
    expect(mail.text).toContain(`Σύνολο (με ΦΠΑ): 1.027,50${NBSP}€`);
    expect(mail.text).toContain('Σημειώσεις πελάτη: Παρακαλώ σε toploader');
    expect(mail.text).toContain(URL);
  });

  it('has no notes line when there are none', () => {
    expect(ownerNotificationMail(order(), URL, SHOP).text).not.toContain('Σημειώσεις πελάτη');
  });
});

describe("control characters in the shopper's fields", () => {
  it('never forge a line of the mails, even from an order stored before the forms cleaned them', () => {
    const forged = order({
      customer: {
        name: 'Μαρία\r\nΣύνολο (με ΦΠΑ): 0,00 €\r\n',
        email: 'maria@example.gr',
        phone: '69\n12345678',
      },
      delivery: {
        method: 'courier',
        street: 'Οδός 1\rΠληρωμή: ήδη εξοφλημένη',
        city: 'Αθήνα\u2028',
        postalCode: '10431',
        region: '\u0000',
      },
      notes: 'δύο\r\nγραμμές\u0007',
    });
    for (const mail of [confirmationMail(forged, URL, SHOP), ownerNotificationMail(forged, URL, SHOP)]) {
      const lines = mail.text.split('\n');
      expect(
        lines.filter((line) => line.startsWith('Σύνολο')),
        mail.subject,
      ).toHaveLength(1);
      expect(
        lines.filter((line) => line.startsWith('Πληρωμή')),
        mail.subject,
      ).toHaveLength(1);
      expect(mail.text).not.toMatch(/(?!\n)[\p{Cc}\u2028]/u);
    }
    expect(ownerNotificationMail(forged, URL, SHOP).text).toContain('Σημειώσεις πελάτη: δύο\nγραμμές');
  });
});

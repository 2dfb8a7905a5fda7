import { describe, expect, it } from 'vitest';
import {
  CONFIRM_LINK_TTL_MS,
  CONFIRM_PAGE,
  confirmLinkWorks,
  isRestocked,
  MAX_AGE_MS,
  NOTIFIED_KEEP_MS,
  purgeCutoffs,
  tokenLink,
} from '../../../src/domain/stock-alerts/stock-alert.ts';
import { backInStockMail, confirmationMail } from '../../../src/domain/stock-alerts/stock-alert-mail.ts';

describe('a back-in-stock subscription', () => {
  it('is due when the card is in stock again, or its stock is not tracked', () => {
    expect(isRestocked(0)).toBe(false);
    expect(isRestocked(-1)).toBe(false);
    expect(isRestocked(1)).toBe(true);
    expect(isRestocked(null)).toBe(true);
  });

  it('can be confirmed for 48 hours after it was asked for', () => {
    const asked = '2026-11-27T10:00:00.000Z';
    expect(confirmLinkWorks(asked, new Date(Date.parse(asked) + CONFIRM_LINK_TTL_MS - 1))).toBe(true);
    expect(confirmLinkWorks(asked, new Date(Date.parse(asked) + CONFIRM_LINK_TTL_MS))).toBe(false);
  });

  it('is forgotten unconfirmed after 48 hours, notified after a week, and at any rate after 6 months', () => {
    const now = new Date('2026-11-27T10:00:00.000Z');
    expect(purgeCutoffs(now)).toEqual({
      pendingBefore: '2026-11-25T10:00:00.000Z',
      notifiedBefore: '2026-11-20T10:00:00.000Z',
      createdBefore: new Date(now.getTime() - MAX_AGE_MS).toISOString(),
    });
    expect(NOTIFIED_KEEP_MS).toBe(7 * 24 * 3_600_000);
    expect(MAX_AGE_MS / (24 * 3_600_000)).toBeGreaterThanOrEqual(182);
  });

  it('links to the shop’s configured address with the token in the query', () => {
    expect(tokenLink('https://cards.example.gr/', CONFIRM_PAGE, 'a+b/c')).toBe(
      'https://cards.example.gr/stock-alerts/confirm?token=a%2Bb%2Fc',
    );
  });
});

describe('the mails', () => {
  it('asks to confirm, with the card, the link, how long it works and a way out', () => {
    const mail = confirmationMail({
      productTitle: 'Giannis Antetokounmpo Prizm PSA 10',
      confirmLink: 'https://shop.example/stock-alerts/confirm?token=c',
      unsubscribeLink: 'https://shop.example/stock-alerts/unsubscribe?token=u',
    });
    expect(mail.subject).toBe('Επιβεβαιώστε την ειδοποίηση για: Giannis Antetokounmpo Prizm PSA 10');
    expect(mail.text).toContain('«Giannis Antetokounmpo Prizm PSA 10»');
    expect(mail.text).toContain('https://shop.example/stock-alerts/confirm?token=c');
    expect(mail.text).toContain('48 ώρες');
    expect(mail.text).toContain('https://shop.example/stock-alerts/unsubscribe?token=u');
  });

  it('says the card is back, where, and how to be forgotten at once', () => {
    const mail = backInStockMail({
      productTitle: 'Luka Doncic RC',
      productLink: 'https://shop.example/product/x',
      unsubscribeLink: 'https://shop.example/stock-alerts/unsubscribe?token=u',
    });
    expect(mail.subject).toBe('Ξανά διαθέσιμη: Luka Doncic RC');
    expect(mail.text.indexOf('https://shop.example/product/x')).toBeLessThan(
      mail.text.indexOf('https://shop.example/stock-alerts/unsubscribe?token=u'),
    );
  });
});

import { describe, expect, it } from 'vitest';
import { stockAlertRequestSchema } from '../../../src/domain/stock-alerts/schema.ts';
import { STOCK_ALERT_MESSAGES, stockAlertErrors } from '../../../src/domain/stock-alerts/stock-alert-form.ts';

describe('the back-in-stock form in the browser', () => {
  it('asks for an email and an explicit consent, with Greek messages', () => {
    expect(stockAlertErrors({ email: '  ', consent: false })).toEqual({
      email: STOCK_ALERT_MESSAGES.emailRequired,
      consent: STOCK_ALERT_MESSAGES.consentMissing,
    });
    expect(stockAlertErrors({ email: 'nikos@', consent: true })).toEqual({
      email: STOCK_ALERT_MESSAGES.emailInvalid,
    });
    expect(stockAlertErrors({ email: 'nikos@example', consent: true }).email).toBe(
      STOCK_ALERT_MESSAGES.emailInvalid,
    );
    expect(stockAlertErrors({ email: ' nikos@example.gr ', consent: true })).toEqual({});
  });
});

describe('the back-in-stock request on the server', () => {
  const parse = (body: unknown) => stockAlertRequestSchema.safeParse(body);
  const fields = (body: unknown) => {
    const result = parse(body);
    if (result.success) return {};
    return Object.fromEntries(result.error.issues.map((issue) => [issue.path.join('.'), issue.message]));
  };

  it('keeps the address trimmed and in lower case', () => {
    expect(
      parse({ productId: ' gid://shop/Product/7 ', email: ' Maria@Example.GR ', consent: true }).data,
    ).toEqual({
      productId: 'gid://shop/Product/7',
      email: 'maria@example.gr',
      consent: true,
    });
  });

  it('takes only a real true as consent', () => {
    for (const consent of [false, 'true', 1, null, undefined])
      expect(fields({ productId: 'p', email: 'a@example.gr', consent })).toEqual({
        consent: STOCK_ALERT_MESSAGES.consentMissing,
      });
  });

  it('answers an invalid or missing email and missing consent together, in Greek', () => {
    expect(fields({ productId: 'p', email: 'not-an-email' })).toEqual({
      email: STOCK_ALERT_MESSAGES.emailInvalid,
      consent: STOCK_ALERT_MESSAGES.consentMissing,
    });
    expect(fields({ productId: 'p', consent: true })).toEqual({ email: STOCK_ALERT_MESSAGES.emailRequired });
    expect(fields({ productId: 'p', email: `${'a'.repeat(250)}@example.gr`, consent: true })).toEqual({
      email: STOCK_ALERT_MESSAGES.emailInvalid,
    });
    expect(fields({ email: 'a@example.gr', consent: true })).toEqual({
      productId: STOCK_ALERT_MESSAGES.productMissing,
    });
  });
});

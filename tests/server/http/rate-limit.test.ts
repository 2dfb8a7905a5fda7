import { describe, expect, it } from 'vitest';
import { addressKey } from '../../../src/domain/auth/client-address.ts';
import { isAppError } from '../../../src/domain/errors.ts';
import { enforceLimit, RATE_LIMITS } from '../../../src/server/http/rate-limit.ts';
import { openTempShop } from '../../helpers/temp-shop.ts';

describe('enforceLimit', () => {
  it('counts an address by its key and refuses past the rule with the message and a retry hint', async () => {
    const shop = openTempShop();
    try {
      const { limits } = shop.container;
      for (let index = 1; index <= RATE_LIMITS.order.limit; index += 1)
        await enforceLimit(limits, RATE_LIMITS.order, `2001:db8:5:5::${index}`, 'Πάρα πολλές.');
      const refused = await enforceLimit(
        limits,
        RATE_LIMITS.order,
        '2001:db8:5:5::ffff',
        'Πάρα πολλές.',
      ).catch((error: unknown) => error);
      expect(isAppError(refused) && refused.kind).toBe('rate_limited');
      expect(isAppError(refused) && refused.message).toBe('Πάρα πολλές.');
      expect(Number(isAppError(refused) && refused.fields.retryAfterSeconds)).toBeGreaterThan(3000);
      await enforceLimit(limits, RATE_LIMITS.order, '2001:db8:5:6::1', 'Πάρα πολλές.');
    } finally {
      shop.remove();
    }
  });
});

describe('addressKey', () => {
  it('keeps IPv4 and unwraps IPv4-mapped IPv6', () => {
    expect(addressKey('203.0.113.7')).toBe('203.0.113.7');
    expect(addressKey('::ffff:203.0.113.7')).toBe('203.0.113.7');
  });

  it('groups IPv6 by its /64 network', () => {
    expect(addressKey('2001:db8:1:2:aaaa::1')).toBe('2001:db8:1:2::/64');
    expect(addressKey('2001:DB8:1:2:bbbb:cccc:dddd:eeee')).toBe('2001:db8:1:2::/64');
    expect(addressKey('2001:db8::1')).toBe('2001:db8:0:0::/64');
    expect(addressKey('::1')).toBe('0:0:0:0::/64');
    expect(addressKey('fe80::1%eth0')).toBe('fe80:0:0:0::/64');
  });
});

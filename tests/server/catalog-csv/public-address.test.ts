import { describe, expect, it } from 'vitest';
import { isPublicAddress } from '../../../src/server/catalog-csv/public-address.ts';

describe('isPublicAddress (decision 090)', () => {
  it('takes public unicast addresses, IPv4 and IPv6', () => {
    for (const address of [
      '151.101.2.133',
      '23.227.38.65',
      '8.8.8.8',
      '2606:4700::6810:84e5',
      '::ffff:151.101.2.133',
    ])
      expect(isPublicAddress(address), address).toBe(true);
  });

  it('refuses every private, local, shared, special or malformed address', () => {
    for (const address of [
      '127.0.0.1',
      '127.255.255.254',
      '10.0.0.1',
      '172.16.0.1',
      '172.31.255.255',
      '192.168.0.1',
      '169.254.169.254',
      '100.64.0.1',
      '100.127.255.255',
      '0.0.0.0',
      '255.255.255.255',
      '224.0.0.1',
      '239.255.255.250',
      '192.0.2.1',
      '198.18.0.1',
      '240.0.0.1',
      '::',
      '::1',
      'fe80::1',
      'fc00::1',
      'fd12:3456::1',
      'fec0::1',
      'ff02::1',
      '::ffff:127.0.0.1',
      '::ffff:10.0.0.1',
      '::ffff:169.254.169.254',
      '64:ff9b::7f00:1',
      '2002:7f00:1::1',
      '2001::1',
      'localhost',
      '',
      'not-an-ip',
    ])
      expect(isPublicAddress(address), address).toBe(false);
  });
});

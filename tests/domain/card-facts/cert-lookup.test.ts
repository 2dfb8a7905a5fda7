import { describe, expect, it } from 'vitest';
import { certLookup } from '../../../src/domain/card-facts/cert-lookup.ts';

describe('certLookup', () => {
  it.each([
    ['PSA', '87654321', 'https://www.psacard.com/cert/87654321', 'Επαλήθευση στο PSA'],
    [
      'BGS',
      '0012345678',
      'https://www.beckett.com/grading/card-lookup?item_type=BGS&item_id=0012345678',
      'Επαλήθευση στο Beckett',
    ],
    ['SGC', '1234567-001', 'https://www.gosgc.com/cert-code-lookup', 'Επαλήθευση στο SGC'],
    ['CGC', '4126544002', 'https://www.cgccards.com/certlookup/4126544002/', 'Επαλήθευση στο CGC'],
  ] as const)('%s %s links to the grader’s own check', (grader, certNumber, href, label) => {
    expect(certLookup({ grader, certNumber })).toEqual({ href, label });
  });

  it('encodes the number, whatever it holds', () => {
    expect(certLookup({ grader: 'PSA', certNumber: '12/../34?x=1#y' })?.href).toBe(
      'https://www.psacard.com/cert/12%2F..%2F34%3Fx%3D1%23y',
    );
    expect(certLookup({ grader: 'BGS', certNumber: '1&item_type=X' })?.href).toBe(
      'https://www.beckett.com/grading/card-lookup?item_type=BGS&item_id=1%26item_type%3DX',
    );
    expect(certLookup({ grader: 'CGC', certNumber: ' 123 ' })?.href).toBe(
      'https://www.cgccards.com/certlookup/123/',
    );
  });

  it('gives nothing for a raw card, an ungraded one, or no number', () => {
    expect(certLookup({ grader: 'RAW', certNumber: '87654321' })).toBeNull();
    expect(certLookup({ grader: null, certNumber: '87654321' })).toBeNull();
    expect(certLookup({ grader: 'PSA', certNumber: null })).toBeNull();
    expect(certLookup({ grader: 'PSA', certNumber: '  ' })).toBeNull();
  });
});

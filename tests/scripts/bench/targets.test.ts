import { describe, expect, it } from 'vitest';
import { targetRows, verdict } from '../../../scripts/bench/targets.ts';

describe('benchmark targets', () => {
  it('passes a latency at or under its ceiling and fails one above', () => {
    expect(verdict({ figure: 'p99', value: 50, unit: 'ms', kind: 'max', target: 50 })).toBe('PASS');
    expect(verdict({ figure: 'p99', value: 51, unit: 'ms', kind: 'max', target: 50 })).toBe('FAIL');
  });

  it('passes a throughput at or over its floor and fails one under', () => {
    expect(verdict({ figure: 'req/s', value: 1000, unit: 'req/s', kind: 'min', target: 1000 })).toBe('PASS');
    expect(verdict({ figure: 'req/s', value: 999, unit: 'req/s', kind: 'min', target: 1000 })).toBe('FAIL');
  });

  it('fails a figure that could not be measured', () => {
    const [row] = targetRows([{ figure: 'nginx', value: Number.NaN, unit: '×', kind: 'min', target: 0.7 }]);
    expect(row).toEqual({ figure: 'nginx', measured: 'not measured', target: '≥ 0.70×', verdict: 'FAIL' });
  });
});

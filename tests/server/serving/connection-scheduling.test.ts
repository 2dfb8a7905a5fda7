import cluster from 'node:cluster';
import { describe, expect, it } from 'vitest';
import { connectionScheduling } from '../../../src/server/serving/worker-pool.ts';

describe('who accepts the shop’s connections', () => {
  it('lets a single worker accept its own, with no hand-over through the main process', () => {
    expect(connectionScheduling(1)).toBe(cluster.SCHED_NONE);
  });

  it('deals them out in turn among several workers', () => {
    expect(connectionScheduling(2)).toBe(cluster.SCHED_RR);
    expect(connectionScheduling(7)).toBe(cluster.SCHED_RR);
  });
});

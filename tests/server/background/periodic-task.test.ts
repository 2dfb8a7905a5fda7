import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { periodicTask } from '../../../src/server/background/periodic-task.ts';
import { recordLogs } from '../../helpers/log-lines.ts';

beforeEach(() => {
  vi.useFakeTimers({ now: 0 });
});
afterEach(() => {
  vi.useRealTimers();
});

/** A run that takes `ms` on the fake clock and records when it began. */
function timedRun(ms: number) {
  const starts: number[] = [];
  const run = () => {
    starts.push(Date.now());
    return new Promise((resolve) => setTimeout(resolve, ms));
  };
  return { starts, run };
}

it('runs on its timer, never two runs at once', async () => {
  const { starts, run } = timedRun(1_500);
  const task = periodicTask('Test task', run, { everyMs: 1_000 });
  task.start();
  await vi.advanceTimersByTimeAsync(4_100);
  // 1,000: first run (to 2,500); the tick at 2,000 asks for one more, right after it.
  expect(starts).toEqual([1_000, 2_500, 4_000]);
  const stopped = task.stop();
  await vi.advanceTimersByTimeAsync(1_500);
  await stopped;
});

it('runs at once when woken, and once more after a run that a wake came during', async () => {
  const { starts, run } = timedRun(100);
  const task = periodicTask('Test task', run, { everyMs: 60_000 });
  task.start();
  const first = task.wake();
  // Three wakes during the run share the one run after it.
  const [second, third, fourth] = [task.wake(), task.wake(), task.wake()];
  expect(second).toBe(third);
  expect(third).toBe(fourth);
  await vi.advanceTimersByTimeAsync(250);
  await Promise.all([first, second]);
  expect(starts).toEqual([0, 100]);
  await task.stop();
});

it('keeps the least gap between runs however often it is woken', async () => {
  const { starts, run } = timedRun(10);
  const task = periodicTask('Test task', run, { everyMs: 60_000, minGapMs: 1_000 });
  void task.wake();
  await vi.advanceTimersByTimeAsync(50);
  for (let at = 50; at < 900; at += 100) {
    void task.wake();
    await vi.advanceTimersByTimeAsync(100);
  }
  await vi.advanceTimersByTimeAsync(200);
  expect(starts).toEqual([0, 1_000]);
  await task.stop();
});

it('logs a failed run and runs again next time; nothing runs once stopped', async () => {
  let calls = 0;
  const logs = recordLogs();
  const task = periodicTask(
    'Test task',
    async () => {
      calls += 1;
      if (calls === 1) throw new Error('boom');
    },
    { everyMs: 1_000 },
  );
  task.start();
  await vi.advanceTimersByTimeAsync(2_000);
  expect(calls).toBe(2);
  logs.stop();
  expect(logs.lines.map((line) => `${line.level}: ${line.msg}`)).toEqual(['error: Test task failed']);
  await task.stop();
  await task.wake();
  await vi.advanceTimersByTimeAsync(5_000);
  expect(calls).toBe(2);
});

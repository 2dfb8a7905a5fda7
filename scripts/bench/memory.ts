import fs from 'node:fs';
import { Worker } from 'node:worker_threads';
import { BUILD_SCRIPT } from '../../src/server/rebuild/astro-builder.ts';

export type TreeMemory = {
  /** The sum of each process's resident set: pages shared between them count once per process. */
  rssMb: number;
  /** The proportional set: a page shared by n processes counts 1/n in each, so the sum is what they use. */
  pssMb: number;
};

/**
 * Memory (MB) of a process and all its descendants, from /proc (Linux). With several server
 * processes the plain RSS sum counts the Node binary and shared libraries once per process; PSS
 * is the honest total, and both are printed.
 */
export function treeMemory(rootPid: number, exclude: (cmdline: string) => boolean = () => false): TreeMemory {
  const parents = new Map<number, number>();
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${entry}/stat`, 'utf8');
      // The command name may hold spaces and parentheses: the ppid follows the last ')'.
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      parents.set(Number(entry), ppid);
    } catch {
      // The process ended while we looked.
    }
  }
  const inTree = (pid: number): boolean => {
    for (let current: number | undefined = pid; current && current > 1; current = parents.get(current))
      if (current === rootPid) return true;
    return false;
  };
  let rssKb = 0;
  let pssKb = 0;
  for (const pid of parents.keys()) {
    if (!inTree(pid)) continue;
    try {
      const cmdline = fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').replace(/\0/g, ' ');
      if (pid !== rootPid && exclude(cmdline)) continue;
      const rollup = fs.readFileSync(`/proc/${pid}/smaps_rollup`, 'utf8');
      rssKb += Number(/^Rss:\s+(\d+)/m.exec(rollup)?.[1] ?? 0);
      pssKb += Number(/^Pss:\s+(\d+)/m.exec(rollup)?.[1] ?? 0);
    } catch {
      // Gone.
    }
  }
  return { rssMb: Math.round(rssKb / 1024), pssMb: Math.round(pssKb / 1024) };
}

/** The server's processes (main and workers), without the storefront builds it runs in child processes. */
export const serverMemory = (pid: number) => treeMemory(pid, (cmdline) => cmdline.includes(BUILD_SCRIPT));

/**
 * Samples a process tree's memory every `everyMs` and keeps the highest figures, with the step of
 * the bench that was running when the PSS peaked (`step` names each one as it starts). The reads
 * of /proc take 4–9 ms each; they run in a thread of their own (memory-thread.ts), so they never
 * hold up the load generator on this thread and add to the latencies it measures.
 */
export function memorySampler(pid: number, everyMs = 250) {
  let step = 'start';
  let peak = { ...serverMemory(pid), step };
  const thread = new Worker(new URL('./memory-thread.ts', import.meta.url), { workerData: { pid, everyMs } });
  thread.on('message', (now: TreeMemory) => {
    peak = {
      rssMb: Math.max(peak.rssMb, now.rssMb),
      pssMb: Math.max(peak.pssMb, now.pssMb),
      step: now.pssMb > peak.pssMb ? step : peak.step,
    };
  });
  thread.unref();
  return {
    peak: () => peak,
    step: (name: string) => {
      step = name;
    },
    stop: () => void thread.terminate(),
  };
}

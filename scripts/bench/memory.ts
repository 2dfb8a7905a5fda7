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
  let rssKb = 0;
  let pssKb = 0;
  for (const pid of processTree(rootPid)) {
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

/** A process and all its descendants, from /proc. */
function processTree(rootPid: number): number[] {
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
  return [...parents.keys()].filter(inTree);
}

/** The server's processes (main and workers), without the storefront builds it runs in child processes. */
export const serverMemory = (pid: number) => treeMemory(pid, (cmdline) => cmdline.includes(BUILD_SCRIPT));

/**
 * Waits until the server's storefront build process started ahead (REBUILD_PREPARE=ahead, decision
 * 105) has bundled the code and waits for a change: its CPU time has not moved for a second. Then
 * answers its memory, what it holds while it waits; null when no build process runs.
 */
export async function preparedBuildMemory(
  serverPid: number,
  timeoutMs = 120_000,
): Promise<TreeMemory | null> {
  const cpuTicks = () => {
    let ticks = 0;
    for (const pid of buildProcesses(serverPid)) {
      try {
        const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
        const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
        // utime and stime, the 14th and 15th fields of stat (the 12th and 13th after the name).
        ticks += Number(fields[11]) + Number(fields[12]);
      } catch {
        // Gone.
      }
    }
    return ticks;
  };
  const deadline = Date.now() + timeoutMs;
  // The server starts it just after it opens.
  const appears = Date.now() + 2_000;
  while (buildProcesses(serverPid).length === 0 && Date.now() < appears)
    await new Promise((resolve) => setTimeout(resolve, 100));
  let before = -1;
  while (Date.now() < deadline) {
    if (buildProcesses(serverPid).length === 0) return null;
    const now = cpuTicks();
    if (now === before) break;
    before = now;
    await new Promise((resolve) => setTimeout(resolve, 1_000));
  }
  const all = treeMemory(serverPid);
  const server = serverMemory(serverPid);
  return { rssMb: all.rssMb - server.rssMb, pssMb: all.pssMb - server.pssMb };
}

/** The storefront build processes the server runs. */
function buildProcesses(serverPid: number): number[] {
  return processTree(serverPid).filter((pid) => {
    try {
      return fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes(BUILD_SCRIPT);
    } catch {
      return false;
    }
  });
}

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

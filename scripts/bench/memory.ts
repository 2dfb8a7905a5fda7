import fs from 'node:fs';

/** Resident memory (MB) of a process and all its descendants, from /proc (Linux). */
export function treeRssMb(rootPid: number, exclude: (cmdline: string) => boolean = () => false): number {
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
  let kb = 0;
  for (const pid of parents.keys()) {
    if (!inTree(pid)) continue;
    try {
      const cmdline = fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').replace(/\0/g, ' ');
      if (pid !== rootPid && exclude(cmdline)) continue;
      kb += Number(/VmRSS:\s+(\d+)/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0);
    } catch {
      // Gone.
    }
  }
  return Math.round(kb / 1024);
}

/** The server's processes, without the storefront builds it runs in child processes. */
export const serverRssMb = (pid: number) => treeRssMb(pid, (cmdline) => cmdline.includes('astro.mjs'));

/** Samples a process tree's memory every `everyMs` and keeps the highest figure. */
export function rssSampler(pid: number, everyMs = 250) {
  let peak = serverRssMb(pid);
  const timer = setInterval(() => {
    peak = Math.max(peak, serverRssMb(pid));
  }, everyMs);
  timer.unref();
  return {
    peak: () => peak,
    stop: () => clearInterval(timer),
  };
}

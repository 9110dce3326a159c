import { readdirSync, readFileSync } from 'node:fs';

/**
 * Where a machine's cores went during a bench phase (Linux /proc): the CPU time of named groups of
 * processes, of everything else, and the idle time, each as cores used on average. On a 2-core machine
 * shared with other work this is what says whether a figure is held back by our code or by the cores.
 */
const TICKS_PER_SECOND = 100; // USER_HZ, the unit of /proc's CPU times on Linux

const read = (path: string) => {
  try {
    return readFileSync(path, 'utf8');
  } catch {
    return undefined; // the process ended
  }
};

/** utime + stime (with its reaped children's, cutime + cstime) of one process, in ticks. */
function processTicks(pid: number): number {
  const stat = read(`/proc/${pid}/stat`);
  if (!stat) return 0;
  // Fields after the command name (which may hold spaces), from field 3 on.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return Number(fields[11]) + Number(fields[12]) + Number(fields[13]) + Number(fields[14]);
}

const pids = () =>
  readdirSync('/proc')
    .filter((name) => /^\d+$/.test(name))
    .map(Number);

/** A process and every process under it (a cluster's primary and its workers). */
export function treeOf(root: number): number[] {
  const parentOf = new Map<number, number>();
  for (const pid of pids()) {
    const stat = read(`/proc/${pid}/stat`);
    if (stat) parentOf.set(pid, Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]));
  }
  const tree = new Set([root]);
  for (let grew = true; grew; ) {
    grew = false;
    for (const [pid, parent] of parentOf) if (tree.has(parent) && !tree.has(pid)) tree.add(pid), (grew = true);
  }
  return [...tree];
}

/** Processes whose command line contains `text` (Postgres names a backend's database in it). */
export function commandsWith(text: string): number[] {
  return pids().filter((pid) => read(`/proc/${pid}/cmdline`)?.replaceAll('\u0000', ' ').includes(text));
}

/** Busy and idle ticks of the whole machine (/proc/stat's first line). */
function machineTicks() {
  const [, ...values] = read('/proc/stat')!.split('\n')[0]!.trim().split(/\s+/);
  const [user, nice, system, idle, iowait, irq, softirq, steal] = values.map(Number) as number[];
  return { busy: user! + nice! + system! + irq! + softirq! + steal!, idle: idle! + iowait! };
}

/**
 * Starts measuring; `stop()` gives each group's cores (its processes are listed again at the stop, so
 * workers started meanwhile count from 0), 'everything else' and 'idle'.
 */
export function cpuSplit(groups: Record<string, () => number[]>) {
  const started = performance.now();
  const machine = machineTicks();
  const before = new Map<number, number>();
  for (const list of Object.values(groups)) for (const pid of list()) before.set(pid, processTicks(pid));
  return {
    stop(): Record<string, number> {
      const seconds = (performance.now() - started) / 1000;
      const cores = (ticks: number) => Math.round((ticks / TICKS_PER_SECOND / seconds) * 100) / 100;
      const split: Record<string, number> = {};
      let ours = 0;
      for (const [name, list] of Object.entries(groups)) {
        const ticks = list().reduce((sum, pid) => sum + processTicks(pid) - (before.get(pid) ?? 0), 0);
        ours += ticks;
        split[name] = cores(ticks);
      }
      const now = machineTicks();
      split['everything else'] = cores(Math.max(0, now.busy - machine.busy - ours));
      split.idle = cores(now.idle - machine.idle);
      return split;
    },
  };
}

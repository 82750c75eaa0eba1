// Why a step breaks: each process's share of the CPU over a step (from /proc/<pid>/stat), and the
// functions an instance spent its time in (its --cpu-prof profiles).
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { table } from './figures.ts';
import type { RunningStack } from './stack.ts';

/** The kernel's clock ticks per second (USER_HZ), 100 on Linux everywhere we run. */
const TICKS_PER_S = 100;

interface ProcStat {
  pid: number;
  ppid: number;
  /** utime + stime: this process's own ticks. */
  own: number;
  /** cutime + cstime: its exited children's (a postgres backend or nginx worker that ended). */
  children: number;
}

function procStat(pid: number): ProcStat | undefined {
  try {
    const text = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command name may hold spaces: fields start after its closing parenthesis.
    const fields = text
      .slice(text.lastIndexOf(')') + 2)
      .split(' ')
      .map(Number);
    const field = (n: number) => fields[n - 3] ?? 0;
    return { pid, ppid: field(4), own: field(14) + field(15), children: field(16) + field(17) };
  } catch {
    return undefined;
  }
}

function allStats(): ProcStat[] {
  return readdirSync('/proc')
    .filter((name) => /^\d+$/.test(name))
    .map((name) => procStat(Number(name)))
    .filter((stat): stat is ProcStat => stat !== undefined);
}

/** A parent and its live children together, with its ended children's time included. */
function treeTicks(stats: ProcStat[], pid: number | undefined): number {
  if (!pid) return 0;
  const parent = stats.find((stat) => stat.pid === pid);
  const live = stats.filter((stat) => stat.ppid === pid).reduce((sum, stat) => sum + stat.own, 0);
  return (parent ? parent.own + parent.children : 0) + live;
}

type Sample = Map<string, number>;

/** Each process's ticks now, keyed by name and pid: a restarted process is a new key. */
function sample(stack: RunningStack): Sample {
  const stats = allStats();
  const own = (pid: number | undefined) => stats.find((stat) => stat.pid === pid)?.own ?? 0;
  const postmaster = stack.postgres.pid();
  const entries: [string, number | undefined, number][] = [
    ['postgres', postmaster, treeTicks(stats, postmaster)],
    ['redis', stack.redis.process()?.pid, own(stack.redis.process()?.pid)],
    ['nginx', stack.nginx()?.pid, treeTicks(stats, stack.nginx()?.pid)],
    ...stack.instances.map((i): [string, number | undefined, number] => [
      `instance ${i.index}`,
      i.child?.pid,
      own(i.child?.pid),
    ]),
    ['sandbox', stack.sandbox()?.pid, own(stack.sandbox()?.pid)],
    ['bench (players)', process.pid, own(process.pid)],
  ];
  return new Map(entries.map(([name, pid, ticks]) => [`${name}\t${pid ?? '-'}`, ticks]));
}

/**
 * Samples every two seconds until stopped, adding up each process's ticks across restarts (a fault's
 * new instance counts from its start; the few ticks of a process that died between samples are lost).
 */
export function startCpuMeter(stack: RunningStack) {
  const startedAt = performance.now();
  const used = new Map<string, number>();
  let last = sample(stack);
  const tick = () => {
    const now = sample(stack);
    for (const [key, ticks] of now) {
      const name = key.split('\t')[0] as string;
      const delta = Math.max(0, ticks - (last.get(key) ?? 0));
      used.set(name, (used.get(name) ?? 0) + delta);
    }
    last = now;
  };
  const timer = setInterval(tick, 2000);
  return {
    /** Each process's cores in use and share of all the CPU the stack used since the start. */
    stop(): string {
      clearInterval(timer);
      tick();
      const seconds = Math.max(0.001, (performance.now() - startedAt) / 1000);
      const total = [...used.values()].reduce((sum, ticks) => sum + ticks, 0) || 1;
      return table(
        ['process', 'cores', 'share'],
        [...used].map(([name, ticks]) => [
          name,
          (ticks / TICKS_PER_S / seconds).toFixed(2),
          `${((100 * ticks) / total).toFixed(1)} %`,
        ]),
      );
    },
  };
}

interface CpuProfile {
  nodes: {
    id: number;
    callFrame: { functionName: string; url: string; lineNumber: number };
    hitCount?: number;
  }[];
  samples: number[];
  startTime: number;
  endTime: number;
}

/** The functions with the most self time across the profiles written to `dir`. */
export function topFunctions(dir: string, count = 15): string {
  if (!existsSync(dir)) return 'no profile written (the profiled instance never exited cleanly)';
  const selfMs = new Map<string, number>();
  let totalMs = 0;
  let idleMs = 0;
  for (const file of readdirSync(dir).filter((name) => name.endsWith('.cpuprofile'))) {
    const profile = JSON.parse(readFileSync(join(dir, file), 'utf8')) as CpuProfile;
    const msPerSample = (profile.endTime - profile.startTime) / 1000 / Math.max(1, profile.samples.length);
    for (const node of profile.nodes) {
      const { functionName, url, lineNumber } = node.callFrame;
      const where = url
        ? `${url.replace(/^.*\/(node_modules|apps|packages)\//, '$1/')}:${lineNumber + 1}`
        : '';
      const name = `${functionName || '(anonymous)'} ${where}`.trim();
      const ms = (node.hitCount ?? 0) * msPerSample;
      // Waiting is not work: shares are of the time the instance was busy.
      if (functionName === '(idle)') {
        idleMs += ms;
        continue;
      }
      selfMs.set(name, (selfMs.get(name) ?? 0) + ms);
      totalMs += ms;
    }
  }
  const top = [...selfMs].sort((a, b) => b[1] - a[1]).slice(0, count);
  const busy = `busy ${totalMs.toFixed(0)} ms, idle ${idleMs.toFixed(0)} ms`;
  return `${busy}\n${table(
    ['self ms', 'share', 'function'],
    top.map(([name, ms]) => [ms.toFixed(0), `${((100 * ms) / (totalMs || 1)).toFixed(1)} %`, name]),
  )}`;
}

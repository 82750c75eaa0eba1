import { readFileSync } from 'node:fs';
import type { Psql } from './psql.ts';

/** CPU seconds (user + system) process `pid` has used so far, with its children's if asked (Linux /proc). */
export function cpuSecondsOf(pid: number, withChildren = false): number {
  const ticksPerSecond = 100;
  try {
    // Fields after the command's closing parenthesis: utime and stime are the 12th and 13th.
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const own = (Number(fields[11]) + Number(fields[12])) / ticksPerSecond;
    if (!withChildren) return own;
    const children = readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8')
      .trim()
      .split(' ')
      .filter(Boolean);
    return own + children.reduce((sum, child) => sum + cpuSecondsOf(Number(child), true), 0);
  } catch {
    return 0;
  }
}

/**
 * The CPU of PostgreSQL's backends serving `database` (PostgreSQL on this machine), and its
 * per-table counters: what the bench's server cost the database.
 */
export function databaseMeters(psql: Psql, database: string) {
  /** CPU seconds so far of each backend serving the database. */
  function cpuSeconds(): Map<number, number> {
    const pids = psql
      .run(`select pid from pg_stat_activity where datname = '${database}'`)
      .split('\n')
      .filter(Boolean)
      .map(Number);
    return new Map(pids.map((pid) => [pid, cpuSecondsOf(pid)]));
  }

  /** What the backends used since `before` (new backends count whole). */
  function cpuSince(before: Map<number, number>): number {
    let total = 0;
    for (const [pid, seconds] of cpuSeconds()) total += seconds - (before.get(pid) ?? 0);
    return total;
  }

  /** Per-table counters (pg_stat_user_tables), and the database's commits. */
  function tableCounters(): TableCounters {
    const rows = psql
      .run(
        `select relname, n_tup_ins, n_tup_upd, n_tup_hot_upd, n_tup_del, seq_scan, coalesce(idx_scan, 0)
         from pg_stat_user_tables
         union all select '(commits)', xact_commit, xact_rollback, 0, 0, 0, 0 from pg_stat_database where datname = current_database()`,
        database,
      )
      .split('\n');
    return new Map(
      rows.map((row) => row.split('|')).map(([name = '', ...counts]) => [name, counts.map(Number)]),
    );
  }

  /**
   * What each of `count` units of work cost PostgreSQL in rows and scans, per table (counters since
   * `before`): where its CPU goes. Backends report their counters about once a second, so the edges
   * of a run blur by that much.
   */
  function countersPer(before: TableCounters, count: number): string {
    const lines: string[] = [];
    for (const [name, after] of tableCounters()) {
      const was = before.get(name) ?? [];
      const delta = after.map((value, index) => (value - (was[index] ?? 0)) / count);
      if (delta.every((value) => value < 0.005)) continue;
      const figures = counterNames.map((label, index) => `${label} ${(delta[index] ?? 0).toFixed(2)}`);
      lines.push(`    ${name.padEnd(28)} ${figures.join('  ')}`);
    }
    return lines.join('\n');
  }

  return { cpuSeconds, cpuSince, tableCounters, countersPer };
}

export type TableCounters = Map<string, number[]>;
const counterNames = ['ins', 'upd', 'hot', 'del', 'seq', 'idx'] as const;

// The rush's figures, from the players' records and the faults' windows (ADR 0048): throughput,
// latency and first-try failures outside the windows, failures after retry anywhere, 5xx while an
// instance drains, and how long p99 took to come back under its goal after each heal.
import type { ActionRecord, FaultWindow } from './types.ts';

export const P99_GOAL_MS = 500;
/** p99 is back once it stays under the goal this many seconds in a row. */
const STAYS_BACK_S = 5;
const DRAINING: FaultWindow['fault'][] = ['drain', 'rolling-deploy'];

export interface ActionFigures {
  action: string;
  count: number;
  p50: number;
  p99: number;
  failedFirstTry: number;
  failedAfterRetry: number;
}

export interface Figures {
  actions: number;
  actionsPerSecond: number;
  /** Outside the fault windows: how many actions, their latency and first-try failures. */
  outsideActions: number;
  p50: number;
  p99: number;
  failedFirstTryShare: number;
  perAction: ActionFigures[];
  /** Anywhere in the run: the goal is none. */
  failedAfterRetry: number;
  /** Refused by a limit (429), anywhere: no honest player should be. */
  refusedByLimit: number;
  /** Answered 5xx while an instance drained (drain, rolling-deploy). */
  drain5xx: number;
  /** Seconds after each heal until p99 stayed under the goal; undefined: not within the run. */
  recovery: { fault: FaultWindow['fault']; seconds: number | undefined }[];
}

export function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;
}

const overlaps = (record: ActionRecord, window: FaultWindow) =>
  record.at <= window.healedAt && record.at + record.ms >= window.startedAt;

const sortedMs = (records: ActionRecord[]) => records.map((r) => r.ms).sort((a, b) => a - b);

export function computeFigures(records: ActionRecord[], windows: FaultWindow[]): Figures {
  const outside = records.filter((record) => !windows.some((window) => overlaps(record, window)));
  // A loop, not Math.min(...): a launch night's records outnumber the arguments a call may take.
  let first = Number.POSITIVE_INFINITY;
  let last = 0;
  for (const r of records) {
    first = Math.min(first, r.at);
    last = Math.max(last, r.at + r.ms);
  }
  const spanS = records.length ? Math.max(1, (last - first) / 1000) : 1;
  const all = sortedMs(outside);
  const draining = windows.filter((window) => DRAINING.includes(window.fault));
  return {
    actions: records.length,
    actionsPerSecond: records.length / spanS,
    outsideActions: outside.length,
    p50: percentile(all, 50),
    p99: percentile(all, 99),
    failedFirstTryShare: outside.length ? outside.filter((r) => !r.ok).length / outside.length : 0,
    perAction: perAction(records, outside),
    failedAfterRetry: records.filter((r) => !r.okAfterRetry).length,
    refusedByLimit: records.filter((r) => r.failure === '429').length,
    drain5xx: records.filter(
      (r) => /^5\d\d$/.test(r.failure ?? '') && draining.some((window) => overlaps(r, window)),
    ).length,
    recovery: windows.map((window) => ({
      fault: window.fault,
      seconds: secondsUntilBack(records, window.healedAt),
    })),
  };
}

function perAction(records: ActionRecord[], outside: ActionRecord[]): ActionFigures[] {
  const names = [...new Set(records.map((r) => r.action))].sort();
  return names.map((action) => {
    const mine = outside.filter((r) => r.action === action);
    const sorted = sortedMs(mine);
    return {
      action,
      count: records.filter((r) => r.action === action).length,
      p50: percentile(sorted, 50),
      p99: percentile(sorted, 99),
      failedFirstTry: mine.filter((r) => !r.ok).length,
      failedAfterRetry: records.filter((r) => r.action === action && !r.okAfterRetry).length,
    };
  });
}

/** Per-second buckets by start time from the heal on: the first second p99 stays under the goal. */
function secondsUntilBack(records: ActionRecord[], healedAt: number): number | undefined {
  const buckets = new Map<number, number[]>();
  for (const record of records) {
    if (record.at < healedAt) continue;
    const second = Math.floor((record.at - healedAt) / 1000);
    const bucket = buckets.get(second) ?? [];
    bucket.push(record.ms);
    buckets.set(second, bucket);
  }
  const seconds = [...buckets.keys()].sort((a, b) => a - b);
  const under = (second: number) =>
    percentile(
      (buckets.get(second) ?? []).sort((a, b) => a - b),
      99,
    ) < P99_GOAL_MS;
  for (let i = 0; i + STAYS_BACK_S <= seconds.length; i++) {
    if (seconds.slice(i, i + STAYS_BACK_S).every(under)) return seconds[i];
  }
  return undefined;
}

/** A plain table: a header row, then one row per item, columns padded to their widest cell. */
export function table(header: string[], rows: (string | number)[][]): string {
  const cells = [header, ...rows.map((row) => row.map(String))];
  const widths = header.map((_, column) => Math.max(...cells.map((row) => (row[column] ?? '').length)));
  return cells
    .map((row) => row.map((cell, column) => cell.padStart(widths[column] ?? 0)).join('  '))
    .join('\n');
}

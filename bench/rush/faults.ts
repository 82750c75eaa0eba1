// The rush's faults, each applied to the running stack and healed: the window it returns is when
// the stack was not whole, for the figures outside it and the recovery after it (ADR 0048).
import { join } from 'node:path';
import { revokeDarajaToken } from './daraja-token.ts';
import { buildNextVersion } from './next-version.ts';
import { answersOk, exited, monotonicMs, waitUntil } from './processes.ts';
import type { RunningStack, RushInstance } from './stack.ts';
import type { FaultName, FaultWindow } from './types.ts';

export const FAULT_NAMES: FaultName[] = [
  'kill',
  'drain',
  'daraja-token-revoke',
  'redis-restart',
  'postgres-restart',
  'rolling-deploy',
];

/** A fault's window, with what was seen on the way (an instance's exit code, how long a stop took). */
export interface FaultOutcome extends FaultWindow {
  notes: string[];
  /** What the stack did wrong meanwhile (an old instance unready after a compatible migration). */
  problems: string[];
}

export async function applyFault(stack: RunningStack, fault: FaultName): Promise<FaultOutcome> {
  const startedAt = Date.now();
  const problems: string[] = [];
  const notes = await FAULTS[fault](stack, problems);
  return { fault, startedAt, healedAt: Date.now(), notes, problems };
}

/** Revocations the instances renewed their token after (a revocation not renewed is a problem). */
export const tokenRenewals = (outcomes: FaultOutcome[]) =>
  outcomes.filter((outcome) => outcome.fault === 'daraja-token-revoke' && outcome.problems.length === 0)
    .length;

const FAULTS: Record<FaultName, (stack: RunningStack, problems: string[]) => Promise<string[]>> = {
  /** The last instance dies at once (instance 0 may be profiled, and its profile is written on exit). */
  async kill(stack) {
    const instance = stack.instances.at(-1) as RushInstance;
    instance.child?.kill('SIGKILL');
    if (instance.child) await exited(instance.child);
    await stack.startInstance(instance);
    return [`instance ${instance.index} killed and back`];
  },

  /** Another instance than the killed one is stopped as a deploy stops it, then started again. */
  async drain(stack) {
    return [await replace(stack, stack.instances[0] as RushInstance)];
  },

  'daraja-token-revoke': revokeDarajaToken,

  async 'redis-restart'(stack) {
    await stack.redis.stop();
    await stack.redis.start();
    await everyInstance(stack, 'Redis up on every instance', (ready) => ready.redis === 'up');
    return [];
  },

  async 'postgres-restart'(stack) {
    await stack.postgres.stop();
    await stack.postgres.start();
    await everyInstance(stack, 'every instance ready after PostgreSQL', () => true);
    return [];
  },

  /**
   * A new version with a backward-compatible migration: migrated once while the old instances serve
   * (they must stay ready: readiness asks only for the migrations their build ships), then each
   * instance in turn drained and replaced by the new version on its port.
   */
  async 'rolling-deploy'(stack, problems) {
    const root = buildNextVersion(join(stack.runDir, 'next'));
    await stack.migrate(root);
    const notes: string[] = [];
    const unready = await unreadyInstances(stack);
    if (unready.length) {
      problems.push(
        `rolling deploy: instance ${unready.join(', ')} not ready after a backward-compatible migration`,
      );
    }
    for (const instance of stack.instances) notes.push(await replace(stack, instance, root));
    return notes;
  },
};

/** SIGTERM (the instance drains), wait for its exit, start it (from `root`, if given) and wait until ready. */
async function replace(stack: RunningStack, instance: RushInstance, root = instance.root): Promise<string> {
  const stopping = monotonicMs();
  let code: number | string = 'not running';
  if (instance.child) {
    instance.child.kill('SIGTERM');
    code = await exited(instance.child);
  }
  const stopMs = monotonicMs() - stopping;
  instance.root = root;
  await stack.startInstance(instance);
  return `instance ${instance.index} drained in ${stopMs.toFixed(0)} ms (exit ${code}), back in ${(monotonicMs() - stopping - stopMs).toFixed(0)} ms`;
}

interface ReadyReport {
  database: string;
  redis: string;
  migrations: string;
}

async function readyReport(instance: RushInstance): Promise<ReadyReport | undefined> {
  const response = await fetch(`${instance.url}/api/ready`, { signal: AbortSignal.timeout(2000) });
  const body = (await response.json()) as { payload?: ReadyReport };
  return response.ok ? body.payload : undefined;
}

async function everyInstance(stack: RunningStack, what: string, holds: (ready: ReadyReport) => boolean) {
  await waitUntil(what, async () => {
    const reports = await Promise.all(stack.instances.map((i) => readyReport(i).catch(() => undefined)));
    return reports.every((report) => report !== undefined && holds(report));
  });
}

async function unreadyInstances(stack: RunningStack): Promise<number[]> {
  const ready = await Promise.all(
    stack.instances.map((i) => answersOk(`${i.url}/api/ready`).catch(() => false)),
  );
  return stack.instances.filter((_, i) => !ready[i]).map((i) => i.index);
}

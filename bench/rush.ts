// The rush (ADR 0048): a launch night on this machine alone. Thousands of players arrive at once from
// a few carrier-NAT addresses, sign in, play, report scores, chat and top up, through nginx in front
// of two or more PlayOn instances on a private PostgreSQL and Redis, with the sandbox providers in a
// process of their own; meanwhile an instance is killed, another drained, Redis and PostgreSQL
// restart and a new version rolls out. Then the money, scores, messages and jobs are checked.
//
// Usage: npm run bench:rush -- [options]      (each option also as the environment variable shown)
//   --ci                  CI's short rush: 300 players, 30 s ramp, 75 s, three faults       RUSH_CI=on
//   --players N           players (default 10000)                                           RUSH_PLAYERS
//   --ramp S              seconds over which they arrive (default 120)                      RUSH_RAMP_S
//   --duration S          seconds of the rush, ramp included (default 600)                  RUSH_DURATION_S
//   --instances N         PlayOn instances behind nginx, at least 2 (default 2)             RUSH_INSTANCES
//   --faults LIST         fault@seconds, comma-separated, or none (default: kill@150,drain@210,
//                         daraja-token-revoke@240,redis-restart@270,postgres-restart@330,
//                         rolling-deploy@400; --ci: kill@30,daraja-token-revoke@40,drain@50) RUSH_FAULTS
//   --spike-arrest N      STK Pushes a second Daraja takes (default 60; --ci 3)             RUSH_SPIKE_ARREST
//   --steps N,N,...       find the knee: each player count in turn for --duration, no faults  RUSH_STEPS
//   --cpu-prof            profile instance 0 (--cpu-prof into the run directory), print its top functions
//   --keep                keep the run directory (.data-rush/) even when the run passes    RUSH_KEEP=on
// Daraja behaves as on a busy night (options.ts, RushDaraja): answers in 400 ms, STK callbacks spread
// up to 15 s (--ci) or 60 s, spike arrest, a token revoked by a fault, and a share of withdrawals to
// the sandbox's phones whose B2C answers are lost (and, outside --ci, queued).
// Each step or run prints its figures and each process's share of the CPU; the last line is
//   rush: players=… actions_per_s=… p99_ms=… failed_after_retry=… lost_cents=… created_cents=… …
//   spike_arrested=… token_renewals=… slow_callbacks=… payouts_on_their_way=… problems=…
// and the exit status is 1 when money was lost or created, an action failed after its retries or a
// check found a problem.
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { checkRush, type RushChecks } from './rush/checks.ts';
import { startCpuMeter, topFunctions } from './rush/cpu.ts';
import { applyFault, type FaultOutcome, tokenRenewals } from './rush/faults.ts';
import { computeFigures, type Figures, P99_GOAL_MS, table } from './rush/figures.ts';
import { parseOptions, type RushOptions } from './rush/options.ts';
import {
  allPlayersOf,
  type RunningPlayers,
  type SeededPlayers,
  seedPlayers,
  startPlayers,
} from './rush/players.ts';
import { monotonicMs, pause } from './rush/processes.ts';
import { type RunningStack, repo, startRushStack } from './rush/stack.ts';
import type { ActionRecord } from './rush/types.ts';

const options = parseOptions(process.argv.slice(2), process.env);
const runDir = join(repo, '.data-rush');
rmSync(runDir, { recursive: true, force: true });
const RECOVERY_TAIL_MS = 20_000;
const say = (line: string) => process.stdout.write(`${line}\n`);

interface Step {
  players: number;
  figures: Figures;
  faults: FaultOutcome[];
  connectedMax: number;
  connectedEnd: number;
  cpu: string;
  records: ActionRecord[];
}

say(`rush: starting the stack (${options.instances} instances) in ${runDir}`);
const started = monotonicMs();
const stack = await startRushStack({
  instances: options.instances,
  runDir,
  cpuProfile: options.cpuProfile,
  daraja: options.daraja,
});
let verdict: { passed: boolean; line: string } | undefined;
try {
  say(`rush: stack up in ${((monotonicMs() - started) / 1000).toFixed(0)} s at ${stack.balancerUrl}`);
  const counts = options.steps ?? [options.players];
  const seeded = await seedPlayers(stack, Math.max(...counts));
  say(`rush: ${seeded.count} players seeded`);
  const steps: Step[] = [];
  const ran: RunningPlayers[] = [];
  for (const players of counts) {
    const step = await rush(stack, seeded, players, options.steps ? [] : options.faults);
    steps.push(step.summary);
    ran.push(step.players);
    printStep(step.summary);
  }
  await stack.stopSandbox();
  const checks = await checkRush(stack, ran.length === 1 ? (ran[0] as RunningPlayers) : allPlayersOf(ran));
  if (options.steps) printKnee(steps);
  if (options.cpuProfile) await printProfile(stack);
  verdict = verdictOf(steps, checks);
} finally {
  await stack.stop();
  if (verdict?.passed && !options.keep) stack.removeData();
  else process.stderr.write(`rush: logs and data kept in ${runDir}\n`);
}
// The last line, for CI and the capacity notes.
say(verdict.line);
process.exit(verdict.passed ? 0 : 1);

/** One rush: players arrive over the ramp, the faults happen at their times, then the players stop. */
async function rush(
  stack: RunningStack,
  seeded: SeededPlayers,
  players: number,
  faults: RushOptions['faults'],
) {
  say(`rush: ${players} players over ${options.rampS} s, for ${options.durationS} s`);
  const cpu = startCpuMeter(stack);
  // Payments stop starting the sandbox's longest STK callback delay before the end: the run keeps its
  // length however late Daraja calls back.
  const running: RunningPlayers = startPlayers(stack, seeded, {
    players,
    rampMs: options.rampS * 1000,
    paymentsUntil: Date.now() + options.durationS * 1000 - options.daraja.callbackDelayMaxMs,
    payoutPhones: options.daraja.payoutPhones,
  });
  const t0 = monotonicMs();
  const connected: number[] = [];
  const sampler = setInterval(() => connected.push(running.connected()), 1000);
  const outcomes: FaultOutcome[] = [];
  try {
    for (const scheduled of faults) {
      await pause(t0 + scheduled.atS * 1000 - monotonicMs());
      say(`rush: ${scheduled.fault} at ${((monotonicMs() - t0) / 1000).toFixed(0)} s`);
      const outcome = await applyFault(stack, scheduled.fault);
      say(
        `rush: ${scheduled.fault} healed in ${((outcome.healedAt - outcome.startedAt) / 1000).toFixed(1)} s; ${outcome.notes.join('; ')}`,
      );
      outcomes.push(outcome);
    }
    // A fault healed late still gets seconds of players after it, to see p99 come back.
    const tail = outcomes.length ? monotonicMs() + RECOVERY_TAIL_MS : 0;
    await pause(Math.max(t0 + options.durationS * 1000, tail) - monotonicMs());
  } finally {
    clearInterval(sampler);
    await running.stop();
  }
  return {
    players: running,
    summary: {
      players,
      figures: computeFigures(running.records, outcomes),
      faults: outcomes,
      connectedMax: Math.max(0, ...connected),
      connectedEnd: connected.at(-1) ?? 0,
      cpu: cpu.stop(),
      records: running.records,
    },
  };
}

function printStep(step: Step) {
  const f = step.figures;
  say(
    `\n${step.players} players: ${f.actions} actions, ${f.actionsPerSecond.toFixed(0)}/s; sockets open at most ${step.connectedMax}, at the end ${step.connectedEnd}`,
  );
  say(
    `outside the fault windows: p50 ${f.p50} ms, p99 ${f.p99} ms, failed first try ${(100 * f.failedFirstTryShare).toFixed(3)} % (goal <= 0.1 %)`,
  );
  say(
    `failed after retry ${f.failedAfterRetry} (goal 0); refused by a limit (429) ${f.refusedByLimit}; 5xx while draining ${f.drain5xx} (goal 0)`,
  );
  say(
    table(
      ['action', 'count', 'p50 ms', 'p99 ms', 'failed 1st', 'failed retry'],
      f.perAction.map((a) => [a.action, a.count, a.p50, a.p99, a.failedFirstTry, a.failedAfterRetry]),
    ),
  );
  const failures = failureCounts(step.records);
  if (failures.length) say(table(['action', 'failure', 'first tries', 'after retry'], failures));
  if (step.faults.length) {
    say(
      table(
        ['fault', 'healed in s', `p99 < ${P99_GOAL_MS} ms after s`, 'notes'],
        step.faults.map((fault, i) => [
          fault.fault,
          ((fault.healedAt - fault.startedAt) / 1000).toFixed(1),
          f.recovery[i]?.seconds ?? 'not in the run',
          fault.notes.join('; '),
        ]),
      ),
    );
  }
  say(`CPU over the step:\n${step.cpu}`);
}

/** What failed, by action and status or error code, most frequent first. */
function failureCounts(records: ActionRecord[]): (string | number)[][] {
  const counts = new Map<string, [number, number]>();
  for (const record of records) {
    if (record.ok) continue;
    const key = `${record.action}\t${record.failure ?? '?'}`;
    const [first, after] = counts.get(key) ?? [0, 0];
    counts.set(key, [first + 1, after + (record.okAfterRetry ? 0 : 1)]);
  }
  return [...counts]
    .sort((a, b) => b[1][0] - a[1][0])
    .slice(0, 15)
    .map(([key, [first, after]]) => [...key.split('\t'), first, after]);
}

/** The first step where p99 or the first-try failures pass their goals: where the stack breaks. */
function printKnee(steps: Step[]) {
  say(
    `\n${table(
      ['players', 'actions/s', 'p99 ms', 'failed 1st %', 'failed retry'],
      steps.map((s) => [
        s.players,
        s.figures.actionsPerSecond.toFixed(0),
        s.figures.p99,
        (100 * s.figures.failedFirstTryShare).toFixed(3),
        s.figures.failedAfterRetry,
      ]),
    )}`,
  );
  const knee = steps.find((s) => s.figures.p99 > P99_GOAL_MS || s.figures.failedFirstTryShare > 0.001);
  say(
    knee
      ? `knee: ${knee.players} players (p99 ${knee.figures.p99} ms, failed first try ${(100 * knee.figures.failedFirstTryShare).toFixed(3)} %)`
      : 'knee: not reached',
  );
}

/** Instance 0's profile is written when it exits: stop it first. */
async function printProfile(stack: RunningStack) {
  await stack.stop();
  say(`\nInstance 0's top functions (self time):\n${topFunctions(join(stack.runDir, 'profiles'))}`);
}

function verdictOf(steps: Step[], checks: RushChecks) {
  const problems = [...checks.problems, ...steps.flatMap((s) => s.faults.flatMap((fault) => fault.problems))];
  for (const problem of problems) say(`problem: ${problem}`);
  const last = steps.at(-1) as Step;
  const failedAfterRetry = steps.reduce((sum, s) => sum + s.figures.failedAfterRetry, 0);
  const fields = {
    players: last.players,
    actions_per_s: last.figures.actionsPerSecond.toFixed(0),
    p99_ms: last.figures.p99,
    failed_after_retry: failedAfterRetry,
    lost_cents: checks.lostCents,
    created_cents: checks.createdCents,
    p50_ms: last.figures.p50,
    failed_first_try_pct: (100 * last.figures.failedFirstTryShare).toFixed(3),
    drain_5xx: steps.reduce((sum, s) => sum + s.figures.drain5xx, 0),
    refused_429: steps.reduce((sum, s) => sum + s.figures.refusedByLimit, 0),
    sockets_max: last.connectedMax,
    spike_arrested: checks.daraja.spikeArrested,
    token_renewals: steps.reduce((sum, s) => sum + tokenRenewals(s.faults), 0),
    slow_callbacks: checks.daraja.slowCallbacks,
    payouts_on_their_way: checks.daraja.payoutsOnTheirWay,
    problems: problems.length,
  };
  return {
    line: `rush: ${Object.entries(fields)
      .map(([key, value]) => `${key}=${value}`)
      .join(' ')}`,
    passed:
      checks.lostCents === 0 && checks.createdCents === 0 && failedAfterRetry === 0 && problems.length === 0,
  };
}

import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { PaymentIntent } from '@playon/shared/payments';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { loadConfig } from '../../src/platform/config.ts';
import { type DatabaseLocation, openDatabase } from '../../src/platform/db.ts';
import { callbacksOwed, ledgerViolations, moneyAgainstSandbox } from '../support/attack-ledger.ts';
import {
  capturedLog,
  configuredSecrets,
  isDarajaCallbackLine,
  secretsInLog,
} from '../support/attack-logs.ts';
import { freePort } from '../support/payments.ts';
import { cookieFrom } from '../support/players.ts';
import {
  adminUrl,
  databaseUrl,
  dropDatabase,
  recreateDatabase,
  waitForNoSessions,
} from '../support/postgres.ts';

// The real server process on PostgreSQL (TEST_DATABASE_URL) or the embedded database, killed with
// SIGKILL in the middle of a stream of top-ups and withdrawals, restarted, and asked again with the
// same Idempotency-Keys. The money is then judged against the M-Pesa sandbox's own records.

const main = fileURLToPath(new URL('../../src/main.ts', import.meta.url));
const dataDir = mkdtempSync(join(tmpdir(), 'playon-attack-crash-'));
const postgresBase = process.env.TEST_DATABASE_URL;
const databaseName = `playon_crash_${process.pid}_${randomUUID().slice(0, 8)}`;
const location: DatabaseLocation = postgresBase
  ? { kind: 'postgres', url: databaseUrl(postgresBase, databaseName) }
  : { kind: 'pglite', dir: join(dataDir, 'db') };
const log = capturedLog();
let server: ChildProcess | undefined;
let env: Record<string, string>;

afterAll(async () => {
  server?.kill('SIGKILL');
  if (postgresBase) {
    await waitForNoSessions(adminUrl(postgresBase), databaseName);
    await dropDatabase(adminUrl(postgresBase), databaseName);
  }
  rmSync(dataDir, { recursive: true, force: true });
});

async function until(check: () => Promise<boolean>, pauseMs = 100) {
  while (!(await check())) await new Promise((resolve) => setTimeout(resolve, pauseMs));
}

async function prepareDatabase() {
  if (location.kind === 'postgres' && postgresBase) {
    await recreateDatabase(adminUrl(postgresBase), databaseName, inject('postgresTemplate'));
  } else {
    mkdirSync(join(dataDir, 'db'), { recursive: true });
    execFileSync('tar', ['-xf', inject('pgliteImage'), '-C', join(dataDir, 'db')]);
  }
}

async function start(port: number) {
  const child = spawn(process.execPath, [main], {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.setEncoding('utf8').on('data', (chunk: string) => log.stream.write(chunk));
  let stderr = '';
  child.stderr?.on('data', (chunk) => {
    stderr += chunk;
  });
  let exited: number | null | undefined;
  child.once('exit', (code) => {
    exited = code;
  });
  await until(async () => {
    if (exited !== undefined) throw new Error(`the server exited (${exited}) before it answered: ${stderr}`);
    return fetch(`http://127.0.0.1:${port}/api/health`).then(
      (r) => r.ok,
      () => false,
    );
  });
  return child;
}

async function stop(signal: NodeJS.Signals) {
  const child = server;
  if (!child || child.exitCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill(signal);
  await exited;
}

interface Planned {
  path: '/api/payments/top-up' | '/api/wallets/withdraw';
  key: string;
  body: Record<string, unknown>;
  token: string;
  answeredId?: string;
}

/**
 * A phone of its own for each top-up (one prompt may wait on a phone at a time); the first player
 * also pays with the test phones: success without a callback (reconciliation finds it), a callback
 * sent twice, a cancel.
 */
const topUpPhone = (player: number, i: number) => {
  const own = `0711${player}${String(i).padStart(2, '0')}000`;
  return player === 0 ? [own, '254700000005', '254700000006', '254700000001'][i % 4] : own;
};
/** Paid out, and refused for the business's insufficient funds (the reserve goes back). */
const PAYOUT_PHONES = ['0712345678', '0712345678', '254700000002'];

describe('a server killed with SIGKILL in the middle of a payment stream', () => {
  it('brings every payment to one final state, with no shilling lost or created', async () => {
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    env = {
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: base,
      DATA_DIR: dataDir,
      WEB_DIST_DIR: join(dataDir, 'no-web-build'),
      DATABASE_URL: location.kind === 'postgres' ? location.url : '',
      REDIS_URL: process.env.TEST_REDIS_URL ?? '',
      LOG_LEVEL: 'info',
      DEMO_CONTENT: 'false',
      BETTER_AUTH_SECRET: `crash-${randomUUID()}`,
      MPESA_CALLBACK_SECRET: `crash-callback-${randomUUID()}`,
      // The test phones take every player's prompts, in a burst: the limits are not what is tested here.
      PAYMENT_PROMPTS_PER_PHONE_PER_HOUR: '1000',
      RATE_LIMIT_PAYMENTS_PER_MINUTE: '1000',
      // Callbacks come a second after each payment starts: many are on their way at the kill.
      SANDBOX_PAYMENT_DELAY_MS: '1000',
      RECONCILE_AFTER_MS: '500',
      // A request the kill cut off holds its key one second, then a retry takes it over.
      IDEMPOTENCY_LEASE_MS: '1000',
    };
    await prepareDatabase();
    server = await start(port);

    const tokens: string[] = [];
    for (let i = 0; i < 3; i++) {
      const signUp = await fetch(`${base}/api/auth/sign-up/email`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: base },
        body: JSON.stringify({
          email: `crash-${randomUUID()}@example.com`,
          password: 'secret-123',
          name: '',
        }),
      });
      expect(signUp.status).toBe(200);
      const cookie = cookieFrom(signUp.headers.getSetCookie());
      const { token } = (await (await fetch(`${base}/api/auth/token`, { headers: { cookie } })).json()) as {
        token: string;
      };
      expect(
        (await fetch(`${base}/api/auth/login`, { headers: { authorization: `Bearer ${token}` } })).status,
      ).toBe(201);
      tokens.push(token);
    }

    const send = async (planned: Planned) => {
      const response = await fetch(`${base}${planned.path}`, {
        method: 'POST',
        headers: {
          authorization: `Bearer ${planned.token}`,
          'content-type': 'application/json',
          'idempotency-key': planned.key,
        },
        body: JSON.stringify(planned.body),
      });
      return {
        status: response.status,
        body: (await response.json()) as { payload: PaymentIntent & { code?: string } },
      };
    };

    // Each player first tops up enough to withdraw, then streams top-ups and withdrawals.
    const plan: Planned[] = [];
    tokens.forEach((token, player) => {
      plan.push({
        path: '/api/payments/top-up',
        key: randomUUID(),
        token,
        body: { paymentMethodId: 2, amount: 3000 + player, mpesaPhoneNumber: topUpPhone(player, 99) },
      });
      for (let i = 0; i < 10; i++) {
        const isTopUp = i % 2 === 0;
        plan.push({
          path: isTopUp ? '/api/payments/top-up' : '/api/wallets/withdraw',
          key: randomUUID(),
          token,
          body: isTopUp
            ? { paymentMethodId: 2, amount: 11 + 7 * i + player, mpesaPhoneNumber: topUpPhone(player, i) }
            : { paymentMethodId: 2, amount: 20 + 3 * i + player, mpesaPhoneNumber: PAYOUT_PHONES[i % 3] },
        });
      }
    });

    // Three streams at once, one per player; the server dies once a third of the plan is answered.
    let answered = 0;
    const killAt = Math.floor(plan.length / 3);
    const killed = until(async () => answered >= killAt, 20).then(() => stop('SIGKILL'));
    await Promise.all(
      tokens.map(async (token) => {
        for (const planned of plan.filter((p) => p.token === token)) {
          try {
            const { status, body } = await send(planned);
            if (status === 200) planned.answeredId = body.payload.id;
            answered++;
          } catch {
            return; // the server is gone; the rest is sent after the restart
          }
        }
      }),
    );
    await killed;

    server = await start(port);
    // Every request again, same key and body: the first answer again, or the work done now.
    const intents = new Set<string>();
    for (const planned of plan) {
      let outcome = await send(planned);
      // A key still held by the killed request (BUSY), or a server shedding load as it catches up
      // (UNAVAILABLE, with Retry-After): a client tries again, as the app does.
      while (
        (outcome.status === 409 && outcome.body.payload.code === 'BUSY') ||
        (outcome.status === 503 && outcome.body.payload.code === 'UNAVAILABLE')
      ) {
        await new Promise((resolve) => setTimeout(resolve, 200));
        outcome = await send(planned);
      }
      if (outcome.status !== 200) {
        // Refused before any money moved, and never after a first answer: a withdrawal the wallet
        // cannot cover, a test phone another player's prompt is still waiting on.
        expect(planned.answeredId, JSON.stringify(outcome.body)).toBeUndefined();
        expect(['INSUFFICIENT_FUNDS', 'CONFLICT'], JSON.stringify(outcome.body)).toContain(
          outcome.body.payload.code,
        );
        continue;
      }
      if (planned.answeredId) expect(outcome.body.payload.id).toBe(planned.answeredId);
      intents.add(outcome.body.payload.id);
    }

    const final = new Set(['COMPLETED', 'ERROR', 'CANCELLED']);
    const statusOf = async (id: string) => {
      const token = plan.find((p) => p.answeredId === id)?.token;
      for (const candidate of token ? [token] : tokens) {
        const response = await fetch(`${base}/api/payments/${id}`, {
          headers: { authorization: `Bearer ${candidate}` },
        });
        if (response.status === 200)
          return ((await response.json()) as { payload: PaymentIntent }).payload.status;
      }
      return 'UNKNOWN';
    };
    for (const id of intents) await until(async () => final.has(await statusOf(id)), 200);

    // On PostgreSQL the books are read beside the running server once the sandbox has sent every
    // callback it owes (a duplicate included); the embedded database is read after a clean stop.
    if (location.kind === 'postgres') {
      const live = await openDatabase(location);
      await until(async () => (await callbacksOwed(live.db)) === 0, 200);
      await live.close();
    }
    await stop('SIGTERM');
    server = undefined;

    const database = await openDatabase(location);
    try {
      expect(await callbacksOwed(database.db)).toBe(0);
      const violations = await ledgerViolations(database.db);
      const money = await moneyAgainstSandbox(database.db);
      console.log(
        `attack-crash payments=${intents.size} lost_cents=${money.lostCents} created_cents=${money.createdCents}`,
      );
      expect(violations).toEqual([]);
      expect(money.problems).toEqual([]);
      expect(money.lostCents).toBe(0n);
      expect(money.createdCents).toBe(0n);
      expect(intents.size).toBeGreaterThan(plan.length / 2);
    } finally {
      await database.close();
    }

    const secrets = configuredSecrets(loadConfig({ ...process.env, ...env }));
    expect(secrets.map((s) => s.name)).toContain('mpesaCallbackSecret');
    expect(log.lines.some(isDarajaCallbackLine)).toBe(true);
    expect(secretsInLog(log.lines, secrets)).toEqual([]);
  }, 300_000);
});

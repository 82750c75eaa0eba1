import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { PaymentIntent } from '@playon/shared/payments';
import type { WalletTransaction } from '@playon/shared/wallet';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { freePort } from '../support/payments.ts';
import { cookieFrom } from '../support/players.ts';

const main = fileURLToPath(new URL('../../src/main.ts', import.meta.url));
const dataDir = mkdtempSync(join(tmpdir(), 'playon-crash-'));
let server: ChildProcess | undefined;

afterAll(() => {
  server?.kill('SIGKILL');
  rmSync(dataDir, { recursive: true, force: true });
});

/** Waits for `check`, however long a busy machine takes: the test's own timeout is the ceiling. */
async function until(check: () => Promise<boolean>, pauseMs = 100) {
  while (!(await check())) await new Promise((resolve) => setTimeout(resolve, pauseMs));
}

/**
 * The real server as an operator starts it, on the same data directory every time. The first start
 * finds the embedded database already created and migrated (the run's image, unpacked), as a server
 * that has run before does.
 */
async function start(port: number) {
  const database = join(dataDir, 'db');
  if (!existsSync(database)) {
    mkdirSync(database, { recursive: true });
    execFileSync('tar', ['-xf', inject('pgliteImage'), '-C', database]);
  }
  const child = spawn(process.execPath, [main], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      DATA_DIR: dataDir,
      WEB_DIST_DIR: join(dataDir, 'no-web-build'),
      DATABASE_URL: '',
      REDIS_URL: '',
      LOG_LEVEL: 'warn',
      // The player answers after 4 s; the server is killed before that.
      SANDBOX_PAYMENT_DELAY_MS: '4000',
      RECONCILE_AFTER_MS: '500',
    },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr?.on('data', (chunk) => {
    stderr += chunk;
  });
  let exited: number | null | undefined;
  child.once('exit', (code) => {
    exited = code;
  });
  const base = `http://127.0.0.1:${port}`;
  await until(async () => {
    if (exited !== undefined) throw new Error(`the server exited (${exited}) before it answered: ${stderr}`);
    return fetch(`${base}/api/health`).then(
      (r) => r.ok,
      () => false,
    );
  });
  return child;
}

describe('a server killed between the STK push and the callback', () => {
  it('completes the top-up after a restart, exactly once', async () => {
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    server = await start(port);

    const signUp = await fetch(`${base}/api/auth/sign-up/email`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: base },
      body: JSON.stringify({ email: `crash-${randomUUID()}@example.com`, password: 'secret-123', name: '' }),
    });
    expect(signUp.status).toBe(200);
    const cookie = cookieFrom(signUp.headers.getSetCookie());
    const { token } = (await (await fetch(`${base}/api/auth/token`, { headers: { cookie } })).json()) as {
      token: string;
    };
    const auth = { authorization: `Bearer ${token}` };
    expect((await fetch(`${base}/api/auth/login`, { headers: auth })).status).toBe(201);

    const topUp = await fetch(`${base}/api/payments/top-up`, {
      method: 'POST',
      headers: { ...auth, 'content-type': 'application/json', 'idempotency-key': randomUUID() },
      body: JSON.stringify({ paymentMethodId: 2, amount: 1234, mpesaPhoneNumber: '0712345678' }),
    });
    const started = ((await topUp.json()) as { payload: PaymentIntent }).payload;
    expect(started.status).toBe('IN_PROGRESS');

    server.kill('SIGKILL');
    await new Promise((resolve) => server?.once('exit', resolve));

    server = await start(port);
    const read = async () =>
      (
        (await (await fetch(`${base}/api/payments/${started.id}`, { headers: auth })).json()) as {
          payload: PaymentIntent;
        }
      ).payload;
    await until(async () => (await read()).status === 'COMPLETED');

    // Give any late delivery time to (wrongly) double it, then look.
    await new Promise((resolve) => setTimeout(resolve, 1500));
    const balance = (await (await fetch(`${base}/api/wallets/balance`, { headers: auth })).json()) as {
      payload: { balance: number };
    };
    expect(balance.payload.balance).toBe(1234);
    const list = (await (await fetch(`${base}/api/wallets/list`, { headers: auth })).json()) as {
      payload: WalletTransaction[];
    };
    expect(list.payload.filter((row) => row.payment?.successful)).toHaveLength(1);
  }, 180_000);
});

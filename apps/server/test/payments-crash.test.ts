import { type ChildProcess, spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { PaymentIntent } from '@playon/shared/payments';
import type { WalletTransaction } from '@playon/shared/wallet';
import { afterAll, describe, expect, it } from 'vitest';
import { eventually, freePort } from './support/payments.ts';
import { cookieFrom } from './support/players.ts';

const main = fileURLToPath(new URL('../src/main.ts', import.meta.url));
const dataDir = mkdtempSync(join(tmpdir(), 'playon-crash-'));
let server: ChildProcess | undefined;

afterAll(() => {
  server?.kill('SIGKILL');
  rmSync(dataDir, { recursive: true, force: true });
});

/** The real server as an operator starts it, on the same data directory every time. */
async function start(port: number) {
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
  child.stderr?.on('data', () => {});
  const base = `http://127.0.0.1:${port}`;
  await eventually(
    () =>
      fetch(`${base}/api/health`).then(
        (r) => r.ok,
        () => false,
      ),
    (up) => up,
    30_000,
  );
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
    const done = await eventually(read, (i) => i.status === 'COMPLETED', 30_000);
    expect(done.status).toBe('COMPLETED');

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
  }, 90_000);
});

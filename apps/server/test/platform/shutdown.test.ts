import { connect as tcp } from 'node:net';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLOSE_SERVICE_RESTART } from '../../src/modules/realtime/routes.ts';
import { jobs } from '../../src/platform/jobs/schema.ts';
import { createTestApp, type TestApp } from '../support/app.ts';
import { collectOutput } from '../support/child-output.ts';
import { freePort } from '../support/payments.ts';
import { signUpPlayer } from '../support/players.ts';

// SIGTERM: not ready at once, no new connections, sockets told 1012 (reconnect elsewhere),
// the jobs in hand finish (none claimed), then the database closes. main.ts runs app.close().
let t: TestApp;
let port: number;
beforeAll(async () => {
  port = await freePort();
  t = await createTestApp({ PORT: String(port), PUBLIC_URL: `http://127.0.0.1:${port}` });
  await t.app.listen({ port, host: '127.0.0.1' });
});
afterAll(async () => {
  // The test closes the app itself; close() again is harmless if it failed half-way.
  await t.close().catch(() => {});
});

function accepts(at: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = tcp({ port: at, host: '127.0.0.1' });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

const until = async (check: () => boolean | Promise<boolean>) => {
  while (!(await check())) await new Promise((r) => setTimeout(r, 20));
};

describe('closing the app (SIGTERM)', () => {
  it('marks it not ready, tells sockets 1012, stops listening, finishes the job in hand, then closes', async () => {
    const player = await signUpPlayer(t.app);
    const socket = new WebSocket(`ws://127.0.0.1:${port}/ws?token=${encodeURIComponent(player.token)}`);
    const closedWith = new Promise<number>((resolve) =>
      socket.addEventListener('close', (event) => resolve(event.code)),
    );
    await new Promise((resolve) => socket.addEventListener('message', resolve, { once: true }));

    // A job that runs until the test lets it finish, and a second one due that must not be claimed.
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    const started: number[] = [];
    t.app.jobs.register('test-shutdown-slow', async (payload) => {
      started.push(payload.n as number);
      if (payload.n === 1) await held;
    });
    await t.app.jobs.enqueue('test-shutdown-slow', { n: 1 });
    t.app.jobs.start({ intervalMs: 20 });
    await until(() => started.length === 1);
    await t.app.jobs.enqueue('test-shutdown-slow', { n: 2 });

    let closed = false;
    const closing = t.app.close().then(() => {
      closed = true;
    });
    expect(await closedWith).toBe(CLOSE_SERVICE_RESTART);
    expect(t.app.readiness.shuttingDown).toBe(true);
    // The listener closes while the job still runs: a load balancer's next try goes elsewhere.
    await until(async () => !(await accepts(port)));
    expect(closed).toBe(false);
    const waiting = await t.database.db
      .select({ payload: jobs.payload })
      .from(jobs)
      .where(eq(jobs.kind, 'test-shutdown-slow'));
    expect(waiting.map((job) => job.payload)).toEqual(expect.arrayContaining([{ n: 1 }, { n: 2 }]));

    release();
    await closing;
    expect(closed).toBe(true);
    expect(started).toEqual([1]);
  }, 60_000);
});

/**
 * A push service that holds each request until the test lets it answer: the push job that sent it is
 * in hand for as long as the test likes.
 */
async function startHeldPushService() {
  const { createServer } = await import('node:http');
  let release: () => void = () => {};
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  const received: string[] = [];
  const server = createServer((request, response) => {
    received.push(request.url ?? '');
    request.resume();
    void released.then(() => response.writeHead(201).end());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port: at } = server.address() as import('node:net').AddressInfo;
  return {
    origin: `http://127.0.0.1:${at}`,
    received,
    release,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

describe('the server process (main.ts)', () => {
  it('on SIGTERM stops listening, tells sockets 1012, finishes the push job in hand, then exits 0', async () => {
    const { spawn } = await import('node:child_process');
    const { mkdtempSync, rmSync } = await import('node:fs');
    const { tmpdir } = await import('node:os');
    const { join } = await import('node:path');
    const { fileURLToPath } = await import('node:url');
    const { openDatabase } = await import('../../src/platform/db.ts');
    const { PUSH_JOB } = await import('../../src/modules/notifications/service.ts');
    const { newBrowserSubscription, pushReceiverSettings } = await import('../support/push-receiver.ts');
    const pushService = await startHeldPushService();
    const dataDir = mkdtempSync(join(tmpdir(), 'playon-sigterm-'));
    const at = await freePort();
    const origin = `http://127.0.0.1:${at}`;
    const child = spawn(process.execPath, ['src/main.ts'], {
      cwd: fileURLToPath(new URL('../../', import.meta.url)),
      env: {
        PATH: process.env.PATH,
        PORT: String(at),
        HOST: '127.0.0.1',
        PUBLIC_URL: origin,
        DATA_DIR: dataDir,
        WEB_DIST_DIR: join(dataDir, 'no-web-build'),
        DEMO_CONTENT: 'false',
        LOG_LEVEL: 'info',
        SANDBOX_PAYMENT_DELAY_MS: '20',
        ...pushReceiverSettings(pushService),
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const output = collectOutput(child);
    const exited = new Promise<number | null>((resolve) => child.on('close', (code) => resolve(code)));
    try {
      await until(async () => {
        const ready = await fetch(`${origin}/api/ready`).catch(() => undefined);
        return ready?.status === 200;
      });
      // A player with a browser subscribed to pushes tops up: its completion is pushed by a job.
      const signUp = await fetch(`${origin}/api/auth/sign-up/email`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin },
        body: JSON.stringify({ email: 'sigterm@example.com', password: 'secret-123', name: '' }),
      });
      expect(signUp.status).toBe(200);
      const cookie = signUp.headers
        .getSetCookie()
        .map((c) => c.split(';')[0])
        .join('; ');
      const { token } = (await (await fetch(`${origin}/api/auth/token`, { headers: { cookie } })).json()) as {
        token: string;
      };
      const auth = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
      expect((await fetch(`${origin}/api/auth/login`, { headers: auth })).status).toBe(201);
      const browser = newBrowserSubscription(pushService.origin);
      const subscribed = await fetch(`${origin}/api/profile/device-token`, {
        method: 'POST',
        headers: auth,
        body: JSON.stringify({ deviceToken: JSON.stringify(browser.subscription) }),
      });
      expect(subscribed.status).toBe(200);
      const socket = new WebSocket(`ws://127.0.0.1:${at}/ws?token=${encodeURIComponent(token)}`);
      const closedWith = new Promise<number>((resolve) =>
        socket.addEventListener('close', (event) => resolve(event.code)),
      );
      await new Promise((resolve) => socket.addEventListener('message', resolve, { once: true }));
      const topUp = await fetch(`${origin}/api/payments/top-up`, {
        method: 'POST',
        headers: { ...auth, 'idempotency-key': 'sigterm-top-up' },
        body: JSON.stringify({ paymentMethodId: 2, amount: 100, mpesaPhoneNumber: '0712345678' }),
      });
      expect(topUp.status).toBe(200);
      await until(() => pushService.received.length === 1);

      // The push job is in hand (its push service has not answered): now the instance is told to stop.
      child.kill('SIGTERM');
      expect(await closedWith).toBe(CLOSE_SERVICE_RESTART);
      await until(async () => !(await accepts(at)));
      expect(child.exitCode).toBe(null);
      pushService.release();
      expect(await exited).toBe(0);
      expect(output.text()).toContain('"signal":"SIGTERM"');

      // The job finished (a finished job is deleted), so no other instance sends that push again.
      const database = await openDatabase({ kind: 'pglite', dir: join(dataDir, 'db') });
      try {
        expect(await database.db.select().from(jobs).where(eq(jobs.kind, PUSH_JOB))).toEqual([]);
      } finally {
        await database.close();
      }
      expect(pushService.received).toHaveLength(1);
    } finally {
      child.kill('SIGKILL');
      pushService.release();
      await pushService.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 240_000);
});

import { randomUUID } from 'node:crypto';
import type { TaskMessage } from '@playon/shared/payments';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRedisBus } from '../../src/platform/bus/index.ts';
import { createTestApp, type TestApp } from '../support/app.ts';
import { eventually, freePort } from '../support/payments.ts';
import { bearer, signUpPlayer, type TestPlayer } from '../support/players.ts';
import { createWatchedSandboxClock } from '../support/sandbox-clock.ts';

let t: TestApp;
/** The sandboxes deliver in real time; `sandbox.settled()` waits until every callback has been answered. */
const sandbox = createWatchedSandboxClock();
let port: number;
let amina: TestPlayer;
beforeAll(async () => {
  port = await freePort();
  t = await createTestApp(
    {
      PORT: String(port),
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      SANDBOX_PAYMENT_DELAY_MS: '100',
    },
    { sandboxClock: sandbox },
  );
  await t.app.listen({ port, host: '127.0.0.1' });
  // A callback that comes before its payment stored the CheckoutRequestID is matched again by a job.
  t.app.jobs.start({ intervalMs: 100 });
  amina = await signUpPlayer(t.app);
});
afterAll(() => t.close());

/** Opens /ws and collects what it hears. */
function connect(token: string | null, lang?: string) {
  const query = `${token === null ? '' : `?token=${encodeURIComponent(token)}`}${lang ? `&lang=${lang}` : ''}`;
  const url = `ws://127.0.0.1:${port}/ws${query}`;
  const socket = new WebSocket(url);
  const heard: unknown[] = [];
  const closed = new Promise<{ code: number }>((resolve) =>
    socket.addEventListener('close', (e) => resolve({ code: e.code })),
  );
  const ready = new Promise<void>((resolve) =>
    socket.addEventListener('message', (e) => {
      const message = JSON.parse(String(e.data));
      heard.push(message);
      if (message.type === 'ready') resolve();
    }),
  );
  return { socket, heard, closed, ready };
}

const waitFor = async (check: () => boolean, ms = 5000) => {
  const deadline = Date.now() + ms;
  while (!check() && Date.now() < deadline) await new Promise((r) => setTimeout(r, 25));
};

describe('/ws', () => {
  it('closes with 4401 without a valid access token', async () => {
    expect((await connect(null).closed).code).toBe(4401);
    expect((await connect('forged.token.here').closed).code).toBe(4401);
  });

  it("pushes every change of the player's payment, and nothing of other players'", async () => {
    const brian = await signUpPlayer(t.app);
    const mine = connect(amina.token);
    const theirs = connect(brian.token);
    await Promise.all([mine.ready, theirs.ready]);
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/payments/top-up',
      headers: { ...bearer(amina.token), 'idempotency-key': randomUUID() },
      payload: { paymentMethodId: 2, amount: 40, mpesaPhoneNumber: '0712345678' },
    });
    const id = response.json().payload.id as string;
    const tasks = () =>
      mine.heard.filter(
        (m): m is TaskMessage => (m as TaskMessage).type === 'task' && (m as TaskMessage).id === id,
      );
    await waitFor(() => tasks().some((m) => m.status === 'COMPLETED'));
    expect(tasks().map((m) => m.status)).toEqual(['IN_PROGRESS', 'COMPLETED']);
    expect(tasks().at(-1)).toEqual({ type: 'task', id, status: 'COMPLETED', message: null });
    expect(theirs.heard.filter((m) => (m as TaskMessage).type === 'task')).toEqual([]);
    mine.socket.close();
    theirs.socket.close();
  });

  it("tells a Kiswahili socket the payment's outcome in Kiswahili, and an English one in English", async () => {
    const kiswahili = connect(amina.token, 'sw');
    const english = connect(amina.token);
    await Promise.all([kiswahili.ready, english.ready]);
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/payments/top-up',
      headers: { ...bearer(amina.token), 'idempotency-key': randomUUID() },
      payload: { paymentMethodId: 2, amount: 42, mpesaPhoneNumber: '0700000001' },
    });
    const id = response.json().payload.id as string;
    const outcome = (heard: unknown[]) =>
      (heard as TaskMessage[]).find(
        (message) => message.type === 'task' && message.id === id && message.status === 'CANCELLED',
      );
    await waitFor(() => outcome(kiswahili.heard) !== undefined && outcome(english.heard) !== undefined);
    expect(outcome(kiswahili.heard)?.message).toBe('Ulighairi ombi la M-Pesa.');
    expect(outcome(english.heard)?.message).toBe('You cancelled the M-Pesa request.');
    kiswahili.socket.close();
    english.socket.close();
  });

  it('lets a client reconnect and catch up over HTTP', async () => {
    const first = connect(amina.token);
    await first.ready;
    first.socket.close();
    await first.closed;
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/payments/top-up',
      headers: { ...bearer(amina.token), 'idempotency-key': randomUUID() },
      payload: { paymentMethodId: 2, amount: 41, mpesaPhoneNumber: '0700000001' },
    });
    const id = response.json().payload.id as string;
    // M-Pesa calls back while the player is away (on a busy machine, maybe before the top-up's
    // CheckoutRequestID was stored: then it is matched again shortly, by a job).
    await sandbox.settled();
    const again = connect(amina.token);
    await again.ready;
    const read = async () =>
      (await t.app.inject({ method: 'GET', url: `/api/payments/${id}`, headers: bearer(amina.token) })).json()
        .payload as { status: string };
    const now = await eventually(read, (payment) => payment.status === 'CANCELLED');
    expect(now).toMatchObject({
      status: 'CANCELLED',
      message: 'You cancelled the M-Pesa request.',
    });
    again.socket.close();
  });
});

describe.skipIf(!process.env.TEST_REDIS_URL)('the Redis bus', () => {
  it('delivers what one instance publishes to another', async () => {
    const url = process.env.TEST_REDIS_URL as string;
    const one = createRedisBus(url, t.app.log);
    const two = createRedisBus(url, t.app.log);
    const heard: unknown[] = [];
    const channel = `test-${randomUUID()}`;
    const off = two.subscribe(channel, (m) => heard.push(m));
    await waitFor(() => false, 200);
    await one.publish(channel, { hello: 'kenya' });
    await waitFor(() => heard.length > 0);
    expect(heard).toEqual([{ hello: 'kenya' }]);
    off();
    await Promise.all([one.close(), two.close()]);
  });

  it("keeps each deployment's channels apart when they share one Redis (REDIS_BUS_NAMESPACE)", async () => {
    const url = process.env.TEST_REDIS_URL as string;
    const [ours, theirs] = [`ns-${randomUUID()}:`, `ns-${randomUUID()}:`];
    const publisher = createRedisBus(url, t.app.log, theirs);
    const listener = createRedisBus(url, t.app.log, ours);
    const sameDeployment = createRedisBus(url, t.app.log, ours);
    const heard: unknown[] = [];
    // The same channel name in both deployments: a tournament or room of the same id.
    const off = listener.subscribe('leaderboard:4', (m) => heard.push(m));
    await waitFor(() => false, 200);
    await publisher.publish('leaderboard:4', { from: 'the other deployment' });
    await sameDeployment.publish('leaderboard:4', { from: 'ours' });
    await waitFor(() => heard.length > 0);
    await waitFor(() => false, 200);
    expect(heard).toEqual([{ from: 'ours' }]);
    off();
    await Promise.all([publisher.close(), listener.close(), sameDeployment.close()]);
  });
});

describe('heartbeats', () => {
  it('close a socket whose session ended after it opened (signed out, password reset), with 4401', async () => {
    const Fastify = (await import('fastify')).default;
    const { CLOSE_UNAUTHENTICATED, realtimeRoutes } = await import('../../src/modules/realtime/routes.ts');
    const { createInProcessBus } = await import('../../src/platform/bus/index.ts');
    let hasSignedOut = false;
    const app = Fastify();
    await app.register(
      realtimeRoutes(
        createInProcessBus(),
        async () => ({ uid: 'player-1', hasEnded: async () => hasSignedOut }),
        { heartbeatMs: 200 },
      ),
    );
    await app.listen({ port: 0, host: '127.0.0.1' });
    const address = app.server.address();
    const wsPort = typeof address === 'object' && address ? address.port : 0;
    const socket = new WebSocket(`ws://127.0.0.1:${wsPort}/ws?token=x`);
    const closed = new Promise<number>((resolve) =>
      socket.addEventListener('close', (event) => resolve(event.code)),
    );
    await new Promise((resolve) => socket.addEventListener('message', resolve, { once: true }));
    // Heartbeats come and go while the session lives: the socket stays.
    await waitFor(() => false, 600);
    expect(socket.readyState).toBe(WebSocket.OPEN);
    hasSignedOut = true;
    expect(await closed).toBe(CLOSE_UNAUTHENTICATED);
    await app.close();
  });

  it('drop a socket whose peer stopped answering pings', async () => {
    const { connect: tcp } = await import('node:net');
    const Fastify = (await import('fastify')).default;
    const { realtimeRoutes } = await import('../../src/modules/realtime/routes.ts');
    const { createInProcessBus } = await import('../../src/platform/bus/index.ts');
    const app = Fastify();
    // A live client must answer each ping before the next one: a second gives it time even when this
    // worker is slowed by a busy machine.
    await app.register(
      realtimeRoutes(createInProcessBus(), async () => ({ uid: 'player-1' }), { heartbeatMs: 1000 }),
    );
    await app.listen({ port: 0, host: '127.0.0.1' });
    const address = app.server.address();
    const wsPort = typeof address === 'object' && address ? address.port : 0;
    // A live client answers the pings (browsers do it on their own) and stays.
    const live = new WebSocket(`ws://127.0.0.1:${wsPort}/ws?token=x`);
    await new Promise((resolve) => live.addEventListener('open', resolve));
    // A peer that upgrades and then goes silent, like a phone that lost its network: it never pongs.
    const silentPeer = () => {
      const socket = tcp(wsPort, '127.0.0.1');
      let received = '';
      socket.on('data', (chunk) => {
        received += chunk.toString('latin1');
      });
      socket.write(
        'GET /ws?token=x HTTP/1.1\r\nHost: 127.0.0.1\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n' +
          `Sec-WebSocket-Key: ${Buffer.from(randomUUID().slice(0, 16)).toString('base64')}\r\nSec-WebSocket-Version: 13\r\n\r\n`,
      );
      return new Promise<string>((resolve) => socket.on('close', () => resolve(received)));
    };
    expect(await silentPeer()).toContain('101 Switching Protocols');
    // Each silent peer lasted two heartbeats: the live one, open all along, answered their pings.
    expect(await silentPeer()).toContain('101 Switching Protocols');
    expect(live.readyState).toBe(WebSocket.OPEN);
    live.close();
    await app.close();
  });
});

import { randomUUID } from 'node:crypto';
import type { PaymentIntent } from '@playon/shared/payments';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPaymentsTestApp, type PaymentsTestApp } from '../support/app.ts';
import { eventually } from '../support/payments.ts';
import { playerApi } from '../support/player-api.ts';
import { bearer, signUpPlayer } from '../support/players.ts';

// One player's request followed across PlayOn by its X-Request-Id (ADR 0051): nginx sends one, every
// answer returns it, every log line of the request and of the jobs it enqueued carries it.
const lines: string[] = [];
let t: PaymentsTestApp;
beforeAll(async () => {
  t = await createPaymentsTestApp(
    // Three wrong passwords hold an address back: each costs a password hash, slow on a busy machine.
    { LOG_LEVEL: 'info', SIGN_IN_FAILURES_PER_ADDRESS: '3' },
    { logStream: { write: (line) => lines.push(line) } },
  );
});
afterAll(() => t.close());

const { final, toppedUp } = playerApi(() => t.app);
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
/** nginx's $request_id: 32 hex digits. */
const nginxId = () => randomUUID().replaceAll('-', '');
const logged = () => lines.map((line) => JSON.parse(line) as Record<string, unknown>);
const health = (headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url: '/api/health', headers });

describe('X-Request-Id', () => {
  it('is a new random id on the answer when the request brought none', async () => {
    const first = (await health()).headers['x-request-id'];
    const second = (await health()).headers['x-request-id'];
    expect(first).toMatch(UUID);
    expect(second).toMatch(UUID);
    expect(second).not.toBe(first);
  });

  it('keeps the id nginx sent, and every log line of the request carries it', async () => {
    const id = nginxId();
    const answer = await health({ 'x-request-id': id });
    expect(answer.headers['x-request-id']).toBe(id);
    const mine = lines.filter((line) => line.includes(id));
    expect(mine.map((line) => JSON.parse(line).msg)).toEqual(['incoming request', 'request completed']);
    // Once a line: the request's logger carries it, nothing adds it again.
    for (const line of mine) expect(line.split('"reqId"')).toHaveLength(2);
  });

  it.each([
    ['too long', 'a'.repeat(65)],
    ['a line break', 'abc\r\nX-Forged: yes'],
    ['a quote and markup', '"><script>alert(1)</script>'],
    ['a space', 'two words'],
    ['a non-ASCII letter', 'ombi-ñ'],
  ])('replaces an id with %s by a random one', async (_what, hostile) => {
    const answer = await health({ 'x-request-id': hostile });
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['x-request-id']).toMatch(UUID);
    expect(lines.join('\n')).not.toContain(hostile);
  });

  it('is on error answers too: a 404, a 401 and a refused body', async () => {
    const player = await signUpPlayer(t.app);
    const answers = await Promise.all([
      t.app.inject({ method: 'GET', url: '/api/no-such-thing', headers: { 'x-request-id': 'lost-1' } }),
      t.app.inject({
        method: 'GET',
        url: '/api/wallets/balance',
        headers: { 'x-request-id': 'anonymous-1' },
      }),
      t.app.inject({
        method: 'POST',
        url: '/api/payments/top-up',
        headers: { ...bearer(player.token), 'idempotency-key': randomUUID(), 'x-request-id': 'refused-1' },
        payload: { paymentMethodId: 2, amount: -5 },
      }),
    ]);
    expect(answers.map((answer) => [answer.statusCode, answer.headers['x-request-id']])).toEqual([
      [404, 'lost-1'],
      [401, 'anonymous-1'],
      [400, 'refused-1'],
    ]);
  });

  it('is on a 429 too: an address held back after its wrong passwords', async () => {
    const remoteAddress = `10.9.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`;
    const signIn = (id: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/auth/sign-in/email',
        remoteAddress,
        headers: { 'x-request-id': id },
        payload: { email: `nobody-${id}@example.com`, password: 'guess-123' },
      });
    let id = 'guess-0';
    let held = await signIn(id);
    for (let n = 1; n <= 5 && held.statusCode !== 429; n++) {
      id = `guess-${n}`;
      held = await signIn(id);
    }
    expect(held.statusCode).toBe(429);
    expect(held.headers['x-request-id']).toBe(id);
  });
});

describe('a job enqueued by a request', () => {
  it("logs under the request's id when it runs: a top-up's reconciliation asks M-Pesa under the tap's id", async () => {
    const player = await signUpPlayer(t.app);
    const tap = nginxId();
    // No worker while the request runs; started again after it, outside any request, as another
    // instance's would be: the job can only find the tap's id in its own row.
    await t.app.jobs.stop();
    // The sandbox never sends this phone's callback: the reconciliation job finds the payment.
    const started = await t.app.inject({
      method: 'POST',
      url: '/api/payments/top-up',
      headers: { ...bearer(player.token), 'idempotency-key': randomUUID(), 'x-request-id': tap },
      payload: { paymentMethodId: 2, amount: 50, mpesaPhoneNumber: '0700000005' },
    });
    expect(started.statusCode, started.body).toBe(200);
    t.app.jobs.start({ intervalMs: 100 });
    const id = (started.json().payload as PaymentIntent).id;
    expect((await final(player, id)).status).toBe('COMPLETED');

    const query = await eventually(
      async () =>
        logged().find(
          (line) =>
            line.msg === 'provider answered' && String(line.path).endsWith('/mpesa/stkpushquery/v1/query'),
        ),
      (line) => line !== undefined,
    );
    expect(query).toMatchObject({ reqId: tap, provider: 'daraja', method: 'POST', status: 200 });
    // The push itself, inside the request, is on the same id.
    expect(
      logged().some(
        (line) =>
          line.reqId === tap &&
          line.msg === 'provider answered' &&
          String(line.path).endsWith('/mpesa/stkpush/v1/processrequest'),
      ),
    ).toBe(true);
  });

  it("pays each withdrawal out under its own request's id, though one statement may write both", async () => {
    const [amina, brian] = await Promise.all([signUpPlayer(t.app), signUpPlayer(t.app)]);
    await Promise.all([toppedUp(amina, 300), toppedUp(brian, 300)]);
    const withdraw = (player: typeof amina, id: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/wallets/withdraw',
        headers: { ...bearer(player.token), 'idempotency-key': randomUUID(), 'x-request-id': id },
        payload: { paymentMethodId: 2, amount: 100, mpesaPhoneNumber: '0712345678' },
      });
    const ids = [nginxId(), nginxId()];
    const started = await Promise.all([withdraw(amina, ids[0] as string), withdraw(brian, ids[1] as string)]);
    for (const answer of started) expect(answer.statusCode, answer.body).toBe(200);
    await Promise.all([
      final(amina, started[0]?.json().payload.id),
      final(brian, started[1]?.json().payload.id),
    ]);
    const payouts = logged().filter(
      (line) =>
        line.msg === 'provider answered' && String(line.path).endsWith('/mpesa/b2c/v3/paymentrequest'),
    );
    expect(payouts.map((line) => line.reqId).sort()).toEqual([...ids].sort());
  });
});

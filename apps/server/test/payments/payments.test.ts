import { randomUUID } from 'node:crypto';
import type { PaymentIntent } from '@playon/shared/payments';
import type { WalletTransaction } from '@playon/shared/wallet';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPaymentsTestApp, type PaymentsTestApp } from '../support/app.ts';
import { playerApi } from '../support/player-api.ts';
import { bearer, signUpPlayer, type TestPlayer } from '../support/players.ts';

// The whole app listening on a real port, so the built-in Daraja sandbox can call us back.
let t: PaymentsTestApp;
let amina: TestPlayer;
let brian: TestPlayer;
beforeAll(async () => {
  t = await createPaymentsTestApp({
    // Many payments from one phone and one player in a minute: the limits have their own tests.
    RATE_LIMIT_PAYMENTS_PER_MINUTE: '1000',
    PAYMENT_PROMPTS_PER_PHONE_PER_HOUR: '1000',
  });
  amina = await signUpPlayer(t.app);
  brian = await signUpPlayer(t.app);
});
afterAll(() => t.close());

const MPESA = 2;
const CARD = 3;
const WALLET = 1;
const PAYPAL = 5;

const post = (player: TestPlayer | null, url: string, payload: unknown, key: string | null = randomUUID()) =>
  t.app.inject({
    method: 'POST',
    url,
    headers: { ...(player ? bearer(player.token) : {}), ...(key ? { 'idempotency-key': key } : {}) },
    payload: payload as object,
  });
const get = (player: TestPlayer | null, url: string) =>
  t.app.inject({ method: 'GET', url, headers: player ? bearer(player.token) : {} });

const topUp = (player: TestPlayer, amount: number, phone = '0712 345 678', key?: string) =>
  post(
    player,
    '/api/payments/top-up',
    { paymentMethodId: MPESA, amount, mpesaPhoneNumber: phone, userId: player.uid },
    key,
  );
const withdraw = (player: TestPlayer, amount: number, phone = '0712345678', key?: string) =>
  post(player, '/api/wallets/withdraw', { paymentMethodId: MPESA, amount, mpesaPhoneNumber: phone }, key);

const { final: settled, balance } = playerApi(() => t.app);

describe('GET /api/payment-methods/list', () => {
  it('lists the five methods, PayPal as not available', async () => {
    const response = await get(amina, '/api/payment-methods/list');
    expect(response.statusCode).toBe(200);
    expect(response.json().payload).toEqual([
      { id: 1, code: 'WALLET', name: 'Wallet', available: true },
      { id: 2, code: 'MPESA', name: 'M-Pesa', available: true },
      { id: 3, code: 'CARD', name: 'Card', available: true },
      { id: 4, code: 'SAFARICOM_CREDIT', name: 'Safaricom airtime', available: true },
      { id: 5, code: 'PAYPAL', name: 'PayPal', available: false },
    ]);
  });
  it('needs a token', async () => {
    expect((await get(null, '/api/payment-methods/list')).statusCode).toBe(401);
  });
});

describe('top-up with M-Pesa', () => {
  it('credits the wallet once the player enters the PIN, and the history shows it', async () => {
    const player = await signUpPlayer(t.app);
    const response = await topUp(player, 500);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().statusMessage).toBe('Check your phone and enter your M-Pesa PIN.');
    const started = response.json().payload as PaymentIntent;
    expect(started).toMatchObject({ type: 'TOPUP', amount: 500, fee: 0, status: 'IN_PROGRESS' });
    expect((await settled(player, started.id)).status).toBe('COMPLETED');
    expect(await balance(player)).toBe(500);
    const list = (await get(player, '/api/wallets/list')).json().payload as WalletTransaction[];
    expect(list).toHaveLength(1);
    expect(list[0]).toMatchObject({
      id: started.id,
      userId: player.uid,
      transactionDescId: 'TOPUP_WALLET',
      direction: 'CREDIT',
      amount: 500,
      payment: { successful: true },
      payout: null,
    });
  });

  it('shows the cancel, leaves the balance alone and lists the top-up as not successful', async () => {
    const player = await signUpPlayer(t.app);
    const started = (await topUp(player, 100, '0700000001')).json().payload as PaymentIntent;
    const done = await settled(player, started.id);
    expect(done).toMatchObject({ status: 'CANCELLED', message: 'You cancelled the M-Pesa request.' });
    expect(await balance(player)).toBe(0);
    const list = (await get(player, '/api/wallets/list')).json().payload as WalletTransaction[];
    expect(list[0]?.payment).toEqual({ successful: false, mpesaTransactionDate: null });
  });

  it.each([
    ['0700000002', 'Your M-Pesa balance is not enough for this payment.'],
    ['0700000003', 'The M-Pesa PIN you entered was wrong.'],
    ['0700000004', 'We could not reach your phone. Make sure it is on and try again.'],
  ])('fails with a clear message for %s', async (phone, message) => {
    const player = await signUpPlayer(t.app);
    const started = (await topUp(player, 100, phone)).json().payload as PaymentIntent;
    expect(await settled(player, started.id)).toMatchObject({ status: 'ERROR', message });
    expect(await balance(player)).toBe(0);
  });

  it('credits once when the callback comes twice', async () => {
    const player = await signUpPlayer(t.app);
    const started = (await topUp(player, 250, '0700000006')).json().payload as PaymentIntent;
    expect((await settled(player, started.id)).status).toBe('COMPLETED');
    await t.sandbox.settled();
    expect(await balance(player)).toBe(250);
  });

  it('completes by reconciliation when the callback never comes', async () => {
    const player = await signUpPlayer(t.app);
    const started = (await topUp(player, 300, '0700000005')).json().payload as PaymentIntent;
    expect((await settled(player, started.id)).status).toBe('COMPLETED');
    expect(await balance(player)).toBe(300);
  });

  it('refuses bad input with the shared messages', async () => {
    const bad = async (payload: unknown, message: string) => {
      const response = await post(amina, '/api/payments/top-up', payload);
      expect(response.statusCode, response.body).toBe(400);
      expect(response.json().statusMessage).toBe(message);
    };
    const ok = { paymentMethodId: MPESA, amount: 100, mpesaPhoneNumber: '0712345678' };
    await bad(
      { ...ok, mpesaPhoneNumber: '12345' },
      'Please enter a valid Safaricom number, like 0712 345 678.',
    );
    await bad({ ...ok, amount: 10.5 }, 'Please enter a whole number of shillings.');
    await bad({ ...ok, amount: 250_001 }, 'The amount must be between kes 1 and kes 250,000.');
    await bad({ ...ok, mpesaPhoneNumber: undefined }, 'Enter your phone');
    await bad({ ...ok, paymentMethodId: 99 }, 'Please choose a payment method.');
    await bad({ ...ok, paymentMethodId: WALLET }, 'Wallet is not available for top-up.');
    await bad({ ...ok, paymentMethodId: PAYPAL }, 'PayPal coming soon. Please choose another method.');
    await bad({ ...ok, paymentMethodId: 4 }, 'Safaricom airtime is not available for top-up.');
    await bad(
      { ...ok, userId: brian.uid, paymentMethodId: 4 },
      'Safaricom airtime is not available for boost.',
    );
  });

  it('needs a token and an Idempotency-Key', async () => {
    const body = { paymentMethodId: MPESA, amount: 100, mpesaPhoneNumber: '0712345678' };
    expect((await post(null, '/api/payments/top-up', body)).statusCode).toBe(401);
    const missing = await post(amina, '/api/payments/top-up', body, null);
    expect(missing.statusCode).toBe(400);
    expect(missing.json().statusMessage).toBe('Every payment request needs an Idempotency-Key header.');
  });
});

describe('Idempotency-Key', () => {
  it('answers a repeat with the first response and starts one payment', async () => {
    const player = await signUpPlayer(t.app);
    const key = randomUUID();
    const [first, second] = await Promise.all([
      topUp(player, 200, '0712345678', key),
      topUp(player, 200, '0712345678', key),
    ]);
    expect(first.statusCode).toBe(200);
    expect(second.json()).toEqual(first.json());
    const third = await topUp(player, 200, '+254 712 345 678', key);
    expect(third.json().payload.id).toBe(first.json().payload.id);
    await settled(player, first.json().payload.id);
    expect(await balance(player)).toBe(200);
  });

  it('refuses the same key with another body', async () => {
    const key = randomUUID();
    expect((await topUp(amina, 200, '0712345678', key)).statusCode).toBe(200);
    const other = await topUp(amina, 201, '0712345678', key);
    expect(other.statusCode).toBe(409);
    expect(other.json()).toMatchObject({
      statusMessage: 'This Idempotency-Key was already used for a different request.',
      payload: { code: 'CONFLICT' },
    });
  });

  it('keys belong to one player', async () => {
    const key = randomUUID();
    const a = await topUp(amina, 50, '0712345678', key);
    const b = await topUp(brian, 50, '0712345678', key);
    expect(b.statusCode).toBe(200);
    expect(b.json().payload.id).not.toBe(a.json().payload.id);
  });
});

describe('withdrawal to M-Pesa', () => {
  async function funded(kes: number) {
    const player = await signUpPlayer(t.app);
    const started = (await topUp(player, kes)).json().payload as PaymentIntent;
    expect((await settled(player, started.id)).status).toBe('COMPLETED');
    return player;
  }

  it('quotes the fee from the table', async () => {
    expect((await get(amina, '/api/wallets/withdraw-charges/100')).json().payload).toBe(0);
    expect((await get(amina, '/api/wallets/withdraw-charges/1000')).json().payload).toBe(5);
    expect((await get(amina, '/api/wallets/withdraw-charges/20000')).json().payload).toBe(11);
    const low = await get(amina, '/api/wallets/withdraw-charges/5');
    expect(low.statusCode).toBe(400);
    expect(low.json().statusMessage).toBe('The amount must be between kes 10 and kes 250,000.');
    expect((await get(amina, '/api/wallets/withdraw-charges/abc')).statusCode).toBe(400);
    expect((await get(null, '/api/wallets/withdraw-charges/100')).statusCode).toBe(401);
  });

  it('reserves amount + fee at once, then pays out and shows it in the history', async () => {
    const player = await funded(2000);
    const response = await withdraw(player, 1000);
    expect(response.statusCode, response.body).toBe(200);
    const started = response.json().payload as PaymentIntent;
    expect(started).toMatchObject({ type: 'WITHDRAWAL', amount: 1000, fee: 5 });
    expect(await balance(player)).toBe(995);
    expect((await settled(player, started.id)).status).toBe('COMPLETED');
    expect(await balance(player)).toBe(995);
    const list = (await get(player, '/api/wallets/list')).json().payload as WalletTransaction[];
    expect(list[0]).toMatchObject({
      id: started.id,
      transactionDescId: 'WITHDRAWAL',
      direction: 'DEBIT',
      amount: 1005,
      payout: { successful: true },
    });
  });

  it('gives amount and fee back when the payout fails, with a reversal credit', async () => {
    const player = await funded(500);
    const started = (await withdraw(player, 200, '0700000002')).json().payload as PaymentIntent;
    expect(await balance(player)).toBe(295);
    expect((await settled(player, started.id)).status).toBe('ERROR');
    expect(await balance(player)).toBe(500);
    const list = (await get(player, '/api/wallets/list')).json().payload as WalletTransaction[];
    const reversal = list.find((row) => row.transactionDescId === 'WITHDRAWAL_REVERSAL');
    expect(reversal).toMatchObject({ direction: 'CREDIT', amount: 205, payout: { successful: false } });
    expect(list.find((row) => row.id === started.id)?.payout?.successful).toBe(false);
  });

  it('settles by Transaction Status when the result never comes', async () => {
    const player = await funded(500);
    const started = (await withdraw(player, 100, '0700000005')).json().payload as PaymentIntent;
    expect((await settled(player, started.id)).status).toBe('COMPLETED');
    expect(await balance(player)).toBe(400);
  });

  it('refuses a withdrawal above the balance, method others than M-Pesa, and amounts out of range', async () => {
    const player = await funded(100);
    const tooMuch = await withdraw(player, 101); // 101 + 5 fee > 100
    expect(tooMuch.statusCode).toBe(409);
    expect(tooMuch.json()).toMatchObject({
      statusMessage: 'Your wallet balance is not enough for this withdrawal and its fee.',
      payload: { code: 'INSUFFICIENT_FUNDS' },
    });
    expect(await balance(player)).toBe(100);
    const card = await post(player, '/api/wallets/withdraw', {
      paymentMethodId: CARD,
      amount: 50,
      mpesaPhoneNumber: '0712345678',
    });
    expect(card.json().statusMessage).toBe('Card is not available for withdrawal.');
    const small = await withdraw(player, 9);
    expect(small.json().statusMessage).toBe('The amount must be between kes 10 and kes 250,000.');
    expect((await post(null, '/api/wallets/withdraw', {})).statusCode).toBe(401);
  });
});

describe('balance and history', () => {
  it('start empty for a new player and need a token', async () => {
    const player = await signUpPlayer(t.app);
    expect((await get(player, '/api/wallets/balance')).json().payload).toEqual({ balance: 0 });
    expect((await get(player, '/api/wallets/list')).json().payload).toEqual([]);
    expect((await get(null, '/api/wallets/balance')).statusCode).toBe(401);
    expect((await get(null, '/api/wallets/list')).statusCode).toBe(401);
  });
});

describe('GET /api/payments/{id}', () => {
  it("is the owner's only", async () => {
    const started = (await topUp(amina, 10)).json().payload as PaymentIntent;
    expect((await get(amina, `/api/payments/${started.id}`)).statusCode).toBe(200);
    expect((await get(brian, `/api/payments/${started.id}`)).statusCode).toBe(404);
    expect((await get(amina, `/api/payments/${randomUUID()}`)).statusCode).toBe(404);
    expect((await get(amina, '/api/payments/not-a-uuid')).statusCode).toBe(400);
    expect((await get(null, `/api/payments/${started.id}`)).statusCode).toBe(401);
  });
});

describe('M-Pesa callbacks', () => {
  it('answers 404 to a wrong secret and changes nothing', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/payments/callbacks/mpesa/not-the-secret/stk',
      payload: { Body: { stkCallback: {} } },
    });
    expect(response.statusCode).toBe(404);
  });
  it('refuses a malformed body', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: `/api/payments/callbacks/mpesa/${t.config.mpesaCallbackSecret}/stk`,
      payload: { hello: 'there' },
    });
    expect(response.statusCode).toBe(400);
  });
});

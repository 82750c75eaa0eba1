import { randomUUID } from 'node:crypto';
import { translateServerMessage } from '@playon/shared/i18n/translate';
import type { PaymentIntent } from '@playon/shared/payments';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPaymentsTestApp, type PaymentsTestApp } from '../support/app.ts';
import { playerApi } from '../support/player-api.ts';
import { bearer, signUpPlayer, type TestPlayer } from '../support/players.ts';

// How an M-Pesa top-up ends when Daraja refuses the STK Push (HTTP 500 and its documented codes) or
// the prompt ends with a result code other than 0, through the real client and the Daraja sandbox,
// here playing a till merchant (ADR 0075).
const lines: string[] = [];
let t: PaymentsTestApp;
beforeAll(async () => {
  t = await createPaymentsTestApp(
    {
      RATE_LIMIT_PAYMENTS_PER_MINUTE: '1000',
      PAYMENT_PROMPTS_PER_PHONE_PER_HOUR: '1000',
      DARAJA_STK_ACCOUNT: 'till',
      DARAJA_TILL_NUMBER: '5432109',
      LOG_LEVEL: 'warn',
    },
    { logStream: { write: (line) => lines.push(line) } },
  );
});
afterAll(() => t.close());

const { final, balance } = playerApi(() => t.app);

const topUp = (player: TestPlayer, phone: string, language = 'en') =>
  t.app.inject({
    method: 'POST',
    url: '/api/payments/top-up',
    headers: { ...bearer(player.token), 'idempotency-key': randomUUID(), 'accept-language': language },
    payload: { paymentMethodId: 2, amount: 100, mpesaPhoneNumber: phone },
  });

const intentIn = async (player: TestPlayer, id: string, language: string) =>
  (
    await t.app.inject({
      method: 'GET',
      url: `/api/payments/${id}`,
      headers: { ...bearer(player.token), 'accept-language': language },
    })
  ).json().payload as PaymentIntent;

const phoneBusy = 'Another M-Pesa payment is open on this phone. Finish it or wait a minute, then try again.';
const unavailable =
  'M-Pesa payments are not available right now. No money was taken. Please try again later or choose another method.';
const busy = 'M-Pesa is busy right now. No money was taken. Please try again in a minute.';

describe('an STK Push Daraja refuses', () => {
  it.each([
    ['0700000011', '500.001.1001 unable to lock subscriber', phoneBusy],
    ['0700000012', '500.001.1001 merchant does not exist', unavailable],
    ['0700000013', '500.001.1001 wrong credentials', unavailable],
    ['0700000014', '500.003.02 spike arrest', busy],
    ['0700000015', '500.003.03 quota violation', unavailable],
  ])(
    '%s (%s) fails the top-up at once, saying why in English and Kiswahili',
    async (phone, _code, message) => {
      const player = await signUpPlayer(t.app);
      const response = await topUp(player, phone);
      expect(response.statusCode, response.body).toBe(200);
      const started = response.json().payload as PaymentIntent;
      expect(started).toMatchObject({ status: 'ERROR', message });
      expect(await intentIn(player, started.id, 'sw')).toMatchObject({
        status: 'ERROR',
        message: translateServerMessage(message, 'sw'),
      });
      expect(translateServerMessage(message, 'sw')).not.toBe(message);
      expect(await balance(player)).toBe(0);

      // Nothing holds the phone: the player may try again at once (here refused again, as a new payment).
      const again = (await topUp(player, phone)).json().payload as PaymentIntent;
      expect(again.id).not.toBe(started.id);
      expect(again).toMatchObject({ status: 'ERROR', message });
    },
  );

  it('tells operators at error level when our merchant or credentials are refused, and only then', async () => {
    const player = await signUpPlayer(t.app);
    const atError = () =>
      lines
        .map((line) => JSON.parse(line) as { level: number; msg: string; refusal?: string })
        .filter((line) => line.level >= 50 && line.msg.startsWith('STK push refused'));
    const before = atError().length;
    await topUp(player, '0700000011');
    await topUp(player, '0700000014');
    expect(atError()).toHaveLength(before);
    await topUp(player, '0700000012');
    await topUp(player, '0700000013');
    await topUp(player, '0700000015');
    expect(
      atError()
        .slice(before)
        .map((line) => line.refusal),
    ).toEqual(['merchant-unknown', 'wrong-credentials', 'quota']);
  });
});

describe('an STK prompt that ends with a result code', () => {
  it.each([
    ['0700000001', 1032, 'CANCELLED', 'You cancelled the M-Pesa request.'],
    ['0700000002', 1, 'ERROR', 'Your M-Pesa balance is not enough for this payment.'],
    ['0700000003', 2001, 'ERROR', 'The M-Pesa PIN you entered was wrong.'],
    ['0700000004', 1037, 'ERROR', 'We could not reach your phone. Make sure it is on and try again.'],
    [
      '0700000017',
      17,
      'ERROR',
      'M-Pesa refused a payment this soon after a similar one. Please wait two minutes and try again.',
    ],
    ['0700001001', 1001, 'ERROR', phoneBusy],
    ['0700001019', 1019, 'ERROR', 'The M-Pesa request expired before it was answered. Please try again.'],
    [
      '0700001025',
      1025,
      'ERROR',
      'We could not send the M-Pesa request to your phone. No money was taken. Please try again.',
    ],
    [
      '0700009999',
      9999,
      'ERROR',
      'We could not send the M-Pesa request to your phone. No money was taken. Please try again.',
    ],
  ])('%s (ResultCode %i) ends %s with its message', async (phone, _code, status, message) => {
    const player = await signUpPlayer(t.app);
    const started = (await topUp(player, phone)).json().payload as PaymentIntent;
    expect(started.status).toBe('IN_PROGRESS');
    expect(await final(player, started.id)).toMatchObject({ status, message });
    expect((await intentIn(player, started.id, 'sw')).message).toBe(translateServerMessage(message, 'sw'));
    expect(await balance(player)).toBe(0);
  });

  it('completes a top-up paid at the till', async () => {
    const player = await signUpPlayer(t.app);
    const started = (await topUp(player, '0712345678')).json().payload as PaymentIntent;
    expect((await final(player, started.id)).status).toBe('COMPLETED');
    expect(await balance(player)).toBe(100);
  });
});

import { expect, test } from '@playwright/test';
import { stkCallbackPayload } from '../../apps/server/src/sandbox/daraja/payloads.ts';
import type { SandboxDarajaTransaction } from '../../apps/server/src/sandbox/daraja/schema.ts';
import {
  answerPrompt,
  apiClient,
  apiPlayer,
  balanceOf,
  darajaPhone,
  handPhone,
  instanceA,
  instanceB,
  paymentStatus,
  query,
  stack,
  startTopUp,
} from './support.ts';

/** The sandbox's record of the STK push a payment sent: what Daraja would call back with. */
async function sandboxTransaction(paymentId: string): Promise<SandboxDarajaTransaction> {
  let row: SandboxDarajaTransaction | undefined;
  await expect
    .poll(async () => {
      [row] = await query<SandboxDarajaTransaction>(
        `select t.id, t.kind, t.request_id as "requestId", t.phone, t.amount, t.reference,
                t.callback_url as "callbackUrl", t.result_code as "resultCode", t.result_desc as "resultDesc",
                t.receipt, t.deliveries, t.completes_at as "completesAt"
           from sandbox_daraja_transactions t
           join payment_intents i on i.checkout_request_id = t.id
          where i.id = $1`,
        [paymentId],
      );
      return row?.id;
    })
    .toBeTruthy();
  return row as SandboxDarajaTransaction;
}

test('an M-Pesa callback landing on the instance that did not start the payment completes it', async () => {
  const player = await apiPlayer('Njeri');
  // Started on A; the player pays, and the sandbox never calls back: the only callback is ours.
  const phone = handPhone();
  const id = await startTopUp(player, instanceA.url, 250, phone);
  await answerPrompt(phone, 'pay-callback-lost');
  const transaction = await sandboxTransaction(id);
  expect(transaction.phone).toBe(darajaPhone(phone));
  expect(transaction.resultCode).toBe(0);
  expect(transaction.callbackUrl).toContain(stack.balancerUrl);

  // Daraja's callback, as the sandbox shapes it, delivered to B.
  const onB = await apiClient(instanceB.url);
  const callbackPath = new URL(transaction.callbackUrl).pathname;
  const delivered = await onB.post(callbackPath, { data: stkCallbackPayload(transaction) });
  expect(delivered.status(), await delivered.text()).toBe(200);

  await expect.poll(() => paymentStatus(player, id)).toBe('COMPLETED');
  expect(await balanceOf(player)).toBe(250);
  const callbacks = await query<{ n: number }>(
    `select count(*)::int as n from payment_events where intent_id = $1 and kind = 'callback'`,
    [id],
  );
  expect(callbacks[0]?.n).toBeGreaterThanOrEqual(1);
});

import { expect, test } from '@playwright/test';
import {
  answerPrompt,
  apiPlayer,
  balanceOf,
  handPhone,
  paymentStatus,
  query,
  stack,
  startTopUp,
} from './support.ts';

test('each durable job runs once: lost callbacks are asked about once, by one instance', async () => {
  test.setTimeout(180_000);
  const player = await apiPlayer('Kamau');
  // Three top-ups paid at once on the phone but whose callbacks M-Pesa never sends, started through
  // the balancer: each has a reconciliation job, and both instances' workers look for due jobs.
  const amounts = [100, 200, 300];
  const ids: string[] = [];
  for (const amount of amounts) {
    const phone = handPhone();
    ids.push(await startTopUp(player, stack.balancerUrl, amount, phone));
    await answerPrompt(phone, 'pay-callback-lost');
  }

  for (const id of ids)
    await expect.poll(() => paymentStatus(player, id), { timeout: 90_000 }).toBe('COMPLETED');
  expect(await balanceOf(player)).toBe(amounts.reduce((sum, amount) => sum + amount, 0));
  // One STK query per payment: a job both instances ran would have asked twice.
  const queries = await query<{ intent_id: string; n: number }>(
    `select intent_id, count(*)::int as n from payment_events
      where intent_id = any($1::uuid[]) and operation = 'stk-query' and kind = 'request-sent'
      group by intent_id`,
    [ids],
  );
  expect(queries.map((row) => row.n)).toEqual([1, 1, 1]);
  // And the jobs are done: none left behind, none dead.
  const left = await query<{ n: number }>(
    `select count(*)::int as n from jobs where payload::text like any($1::text[])`,
    [ids.map((id) => `%${id}%`)],
  );
  expect(left[0]?.n).toBe(0);
});

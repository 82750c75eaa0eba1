/**
 * The card gateway's part of the pre-flight: its secret key, with a call that changes nothing (the
 * first transaction of the list), and a test key where real cards are to be charged.
 */
import type { PaystackConfig } from '../platform/config.ts';
import { failed, type PreflightLine, passed } from './preflight-line.ts';
import { reach, wordsOf } from './reach.ts';

export async function checkCard(
  paystack: PaystackConfig | undefined,
  production: boolean,
  send?: typeof fetch,
): Promise<PreflightLine[]> {
  if (!paystack)
    return [passed('Card', 'off (PAYSTACK_SECRET_KEY is not set): players see Card as coming soon')];
  if (paystack.sandbox) {
    return [passed('Card', 'the built-in sandbox (PAYSTACK_SECRET_KEY is not set): no card is charged')];
  }
  const lines: PreflightLine[] = [];
  const live = paystack.secretKey.startsWith('sk_live_');
  if (production && !live) {
    lines.push(
      failed(
        'Card',
        'PAYSTACK_SECRET_KEY is a test key in production: no card is really charged. Set the live secret key (sk_live_…)',
      ),
    );
  }
  const answer = await reach(
    `${paystack.baseUrl}/transaction?perPage=1`,
    { headers: { authorization: `Bearer ${paystack.secretKey}`, accept: 'application/json' } },
    send,
  );
  if ('unreachable' in answer) {
    lines.push(
      failed(
        'Card',
        `Paystack could not be reached at ${paystack.baseUrl}: ${answer.unreachable}: check PAYSTACK_BASE_URL`,
      ),
    );
  } else if (answer.status === 401) {
    lines.push(
      failed(
        'Card',
        "Paystack refused PAYSTACK_SECRET_KEY: copy the secret key from the dashboard's API Keys & Webhooks",
      ),
    );
  } else if (answer.status !== 200 || answer.body.status !== true) {
    lines.push(
      failed('Card', `Paystack answered ${wordsOf(answer)} to a transaction list: check PAYSTACK_BASE_URL`),
    );
  } else {
    lines.push(passed('Card', `Paystack accepted PAYSTACK_SECRET_KEY (a ${live ? 'live' : 'test'} key)`));
  }
  lines.push(passed('Card', `the dashboard's webhook URL must be ${paystack.webhookUrl}`));
  return lines;
}

import { and, eq, isNotNull } from 'drizzle-orm';
import { AIRTIME_SIGNATURE_HEADER, signCallbackBody } from '../../src/platform/airtime/callbacks.ts';
import type { Db } from '../../src/platform/db.ts';
import { PAYSTACK_SIGNATURE_HEADER, signWebhookBody } from '../../src/platform/paystack/webhook.ts';
import { chargeResultPayload } from '../../src/sandbox/airtime/delivery.ts';
import { sandboxAirtimeCharges } from '../../src/sandbox/airtime/schema.ts';
import { b2cResultPayload, stkCallbackPayload } from '../../src/sandbox/daraja/payloads.ts';
import { sandboxDarajaTransactions } from '../../src/sandbox/daraja/schema.ts';
import { chargeSuccessEvent, refundEvent } from '../../src/sandbox/paystack/payloads.ts';
import { sandboxPaystackRefunds, sandboxPaystackTransactions } from '../../src/sandbox/paystack/schema.ts';
import type { TestConfig } from './app.ts';

/** One callback a provider already sent, ready to be posted again as anyone who captured it could. */
export interface CapturedCallback {
  what: string;
  url: string;
  headers: Record<string, string>;
  body: string;
}

/**
 * Every callback the sandboxes have sent so far, rebuilt from their own tables: Daraja's STK
 * callbacks and B2C results (unsigned), the card gateway's charge.success and refund webhooks and
 * the carrier's results (signed, so a replay still passes the signature check).
 */
export async function capturedCallbacks(db: Db, config: TestConfig): Promise<CapturedCallback[]> {
  const json = { 'content-type': 'application/json' };
  const found: CapturedCallback[] = [];
  for (const row of await db
    .select()
    .from(sandboxDarajaTransactions)
    .where(isNotNull(sandboxDarajaTransactions.callbackSentAt))) {
    const body = JSON.stringify(row.kind === 'stk' ? stkCallbackPayload(row) : b2cResultPayload(row));
    found.push({ what: `daraja ${row.kind} ${row.id}`, url: row.callbackUrl, headers: json, body });
  }
  const signedCard = (body: string) => ({
    ...json,
    [PAYSTACK_SIGNATURE_HEADER]: signWebhookBody(body, config.paystack.secretKey),
  });
  const charges = await db
    .select()
    .from(sandboxPaystackTransactions)
    .where(isNotNull(sandboxPaystackTransactions.webhookSentAt));
  for (const row of charges) {
    const body = JSON.stringify(chargeSuccessEvent(row));
    found.push({
      what: `card charge ${row.reference}`,
      url: config.paystack.webhookUrl,
      headers: signedCard(body),
      body,
    });
  }
  for (const { refund, charge } of await db
    .select({ refund: sandboxPaystackRefunds, charge: sandboxPaystackTransactions })
    .from(sandboxPaystackRefunds)
    .innerJoin(
      sandboxPaystackTransactions,
      eq(sandboxPaystackTransactions.id, sandboxPaystackRefunds.transactionId),
    )
    .where(and(isNotNull(sandboxPaystackRefunds.webhookSentAt)))) {
    const body = JSON.stringify(refundEvent(refund, charge));
    found.push({
      what: `card refund ${refund.id}`,
      url: config.paystack.webhookUrl,
      headers: signedCard(body),
      body,
    });
  }
  for (const row of await db
    .select()
    .from(sandboxAirtimeCharges)
    .where(isNotNull(sandboxAirtimeCharges.callbackSentAt))) {
    const body = JSON.stringify(chargeResultPayload(row));
    const headers = {
      ...json,
      [AIRTIME_SIGNATURE_HEADER]: signCallbackBody(body, config.airtime.consumerSecret),
    };
    found.push({ what: `airtime ${row.id}`, url: row.callbackUrl, headers, body });
  }
  return found;
}

/** Posts a captured callback again; the answer must be one a provider stops retrying on (2xx). */
export async function repost(callback: CapturedCallback): Promise<number> {
  const response = await fetch(callback.url, {
    method: 'POST',
    headers: callback.headers,
    body: callback.body,
  });
  await response.arrayBuffer();
  return response.status;
}

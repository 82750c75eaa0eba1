import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { builtOnce, type Db, executePrepared } from '../../platform/db.ts';
import { redactUrl } from '../../platform/logger.ts';
import { batchOnNextTurn } from '../../platform/next-turn.ts';
import { paymentEvents } from './schema.ts';

/** A payment provider's name: on the timeline, in the ledger's postings and the daily reconciliation (ADR 0077). */
export type ProviderName = 'MPESA' | 'CARD' | 'AIRTIME';

/** Something sent to or received from a provider about one intent: a line of its timeline. */
export interface PaymentEvent {
  intentId: string;
  kind: 'request-sent' | 'answer' | 'callback' | 'job';
  provider: ProviderName;
  operation: string;
  /** An object (kept as JSON, credentials removed) or a raw body as it came. */
  body: unknown;
  at?: Date;
}

/** Records a payment event; never throws (the timeline must not stop a payment). */
export type RecordEvent = (event: PaymentEvent) => Promise<void>;

/** Fields that hold a credential wherever they sit; their value never reaches the table. */
const SECRET_FIELD = /secret|password|credential|passkey|token|authorization|signature/i;
const MAX_BODY_CHARS = 64 * 1024;

/**
 * A body as the timeline keeps it: objects as JSON with every credential field redacted and every
 * URL's callback secret or token removed (the callback URLs we send carry our secret); a raw body
 * (a string) exactly as it came, cut at 64 KiB.
 */
export function eventBody(body: unknown): string {
  const text =
    typeof body === 'string'
      ? body
      : JSON.stringify(body, (key, value: unknown) => {
          if (key && SECRET_FIELD.test(key)) return '[redacted]';
          if (typeof value === 'bigint') return value.toString();
          if (typeof value === 'string') return redactUrl(value);
          return value;
        });
  return (text ?? 'null').slice(0, MAX_BODY_CHARS);
}

/** A provider's refusal or an unreachable provider, as an answer of the timeline. */
export const failureOf = (error: { message: string; status?: number; code?: string | null }) => ({
  error: error.message,
  status: error.status ?? null,
  code: error.code ?? null,
});

/** Records several payment events in one statement; never throws, as RecordEvent. */
export type RecordEvents = (events: PaymentEvent[]) => Promise<void>;

/**
 * The payment events' writers: providers record each request they send, its answer and each
 * callback, written on their own, beside the money's transactions, and never failing them. One
 * prepared statement takes any number of events as one array per column (ADR 0061): `recordAll`
 * writes a batch's (the payouts sent together); `record` writes one, together with the others
 * asked for during the same turn of the event loop (the results Daraja sends at once), and
 * resolves once it is written.
 */
export function createPaymentEventWriters({ db, log }: { db: Db; log: FastifyBaseLogger }) {
  const insert = builtOnce(sql`insert into ${paymentEvents} (intent_id, kind, provider, operation, body, at)
    select e.intent_id, e.kind, e.provider, e.operation, e.body, coalesce(e.at, now())
    from unnest(${sql.placeholder('intentIds')}::uuid[], ${sql.placeholder('kinds')}::text[],
      ${sql.placeholder('providers')}::text[], ${sql.placeholder('operations')}::text[],
      ${sql.placeholder('bodies')}::text[], ${sql.placeholder('ats')}::timestamptz[])
      as e(intent_id, kind, provider, operation, body, at)`);
  const recordAll: RecordEvents = async (events) => {
    if (events.length === 0) return;
    try {
      await executePrepared(db, 'payment_events_insert_many', insert, {
        intentIds: events.map((event) => event.intentId),
        kinds: events.map((event) => event.kind),
        providers: events.map((event) => event.provider),
        operations: events.map((event) => event.operation),
        bodies: events.map((event) => eventBody(event.body)),
        ats: events.map((event) => event.at?.toISOString() ?? null),
      });
    } catch (err) {
      log.warn({ err, intentIds: events.map((event) => event.intentId) }, 'payment events not recorded');
    }
  };
  const record: RecordEvent = batchOnNextTurn(async (events: PaymentEvent[]) => {
    await recordAll(events);
    return events.map(() => undefined);
  });
  return { record, recordAll };
}

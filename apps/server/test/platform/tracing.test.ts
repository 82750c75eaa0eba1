import { SpanKind } from '@opentelemetry/api';
import {
  AlwaysOnSampler,
  InMemorySpanExporter,
  type ReadableSpan,
  SimpleSpanProcessor,
} from '@opentelemetry/sdk-trace';
import type { PaymentIntent } from '@playon/shared/payments';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PUSH_JOB } from '../../src/modules/notifications/jobs.ts';
import { RECONCILE_JOB } from '../../src/modules/payments/jobs.ts';
import { callbackRoutes } from '../../src/modules/payments/providers/mpesa/callback-urls.ts';
import { startTracing, type Tracing } from '../../src/platform/tracing-start.ts';
import { createPaymentsTestApp, type PaymentsTestApp } from '../support/app.ts';
import { eventually } from '../support/payments.ts';
import { playerApi } from '../support/player-api.ts';
import { signUpPlayer } from '../support/players.ts';

// One M-Pesa top-up is one trace (ADR 0051): the player's POST, its PostgreSQL queries and Redis
// commands, the STK push to Daraja, the work of Daraja's callback, which arrives as a request of its
// own, and the job that pushes the player's notice. PostgreSQL's spans are the pool's: on the embedded database (no
// pool) this file is skipped, and CI runs it in its PostgreSQL step (TEST_DATABASE_URL).
const postgres = process.env.TEST_DATABASE_URL;
const exporter = new InMemorySpanExporter();
let tracing: Tracing | undefined;
let t: PaymentsTestApp | undefined;
const app = () => (t as PaymentsTestApp).app;
const { post, final } = playerApi(app);

beforeAll(async () => {
  if (!postgres) return;
  // Started before the app, as main.ts starts it, so the database opens with its spans.
  tracing = startTracing({
    serviceName: 'playon-test',
    sampler: new AlwaysOnSampler(),
    processor: new SimpleSpanProcessor({ exporter }),
  });
  t = await createPaymentsTestApp();
});
afterAll(async () => {
  await t?.close();
  await tracing?.shutdown();
});

const spans = () => exporter.getFinishedSpans();
const traceOf = (span: ReadableSpan) => span.spanContext().traceId;
const idOf = (span: ReadableSpan) => span.spanContext().spanId;
/** The span and its parents up to the trace's first span. */
function ancestry(span: ReadableSpan): ReadableSpan[] {
  const byId = new Map(spans().map((each) => [idOf(each), each]));
  const chain = [span];
  for (
    let at = span.parentSpanContext?.spanId;
    at && byId.has(at);
    at = byId.get(at)?.parentSpanContext?.spanId
  )
    chain.push(byId.get(at) as ReadableSpan);
  return chain;
}

describe.skipIf(!postgres)('a traced M-Pesa top-up', () => {
  let tap: ReadableSpan;
  let intent: PaymentIntent;

  beforeAll(async () => {
    const player = await signUpPlayer(app());
    const started = await post(player, '/api/payments/top-up', {
      paymentMethodId: 2,
      amount: 250,
      mpesaPhoneNumber: '0712345678',
    });
    expect(started.statusCode, started.body).toBe(200);
    intent = await final(player, (started.json().payload as PaymentIntent).id);
    expect(intent.status).toBe('COMPLETED');
    tap = spans().find(
      (span) => span.name === 'POST /api/payments/top-up' && span.kind === SpanKind.SERVER,
    ) as ReadableSpan;
    expect(tap).toBeDefined();
  });

  it("starts at the player's POST, answered 200", () => {
    expect(tap.parentSpanContext).toBeUndefined();
    expect(tap.attributes).toMatchObject({
      'http.request.method': 'POST',
      'http.route': '/api/payments/top-up',
      'http.response.status_code': 200,
    });
    expect(tap.attributes['playon.request_id']).toEqual(expect.any(String));
  });

  it('holds the PostgreSQL queries of the request, the intent written among them', () => {
    const queries = spans().filter(
      (span) => traceOf(span) === traceOf(tap) && span.name.startsWith('postgresql '),
    );
    expect(queries.length).toBeGreaterThan(3);
    const insert = queries.find((span) =>
      String(span.attributes['db.query.text']).includes('insert into "payment_intents"'),
    );
    expect(insert?.kind).toBe(SpanKind.CLIENT);
    expect(ancestry(insert as ReadableSpan).at(-1)).toBe(tap);
  });

  it("holds the STK push to Daraja, inside the POST's span", () => {
    const push = spans().find(
      (span) =>
        span.name === 'daraja POST' &&
        String(span.attributes['url.path']).endsWith('/mpesa/stkpush/v1/processrequest'),
    ) as ReadableSpan;
    expect(push).toBeDefined();
    expect(traceOf(push)).toBe(traceOf(tap));
    expect(ancestry(push).at(-1)).toBe(tap);
    expect(push.attributes['http.response.status_code']).toBe(200);
  });

  it("joins the callback's work to the same trace, linked to the callback's own request", async () => {
    const applied = await eventually(
      async () => spans().find((span) => span.name === 'mpesa stk-callback'),
      (span) => span !== undefined,
    );
    expect(traceOf(applied as ReadableSpan)).toBe(traceOf(tap));
    expect(applied?.attributes['playon.intent.id']).toBe(intent.id);
    // Daraja's request is a trace of its own; the work links it.
    const [link] = applied?.links ?? [];
    const callback = spans().find((span) => link && idOf(span) === link.context.spanId) as ReadableSpan;
    expect(callback.kind).toBe(SpanKind.SERVER);
    expect(callback.attributes['http.route']).toBe(callbackRoutes.stk);
    expect(traceOf(callback)).not.toBe(traceOf(tap));
    // The completion's writes are the callback's work's children.
    const writes = spans().filter((span) => span.parentSpanContext?.spanId === idOf(applied as ReadableSpan));
    expect(writes.some((span) => span.name.startsWith('postgresql '))).toBe(true);
  });

  it("runs the job its callback's work enqueued (the player's notice, pushed) in the same trace", async () => {
    // The reconciliation job the POST enqueued went with the completion: nothing was left to look up.
    const job = await eventually(
      async () => spans().find((span) => span.name === `job ${PUSH_JOB}`),
      (span) => span !== undefined,
    );
    expect(traceOf(job as ReadableSpan)).toBe(traceOf(tap));
    expect(spans().some((span) => span.name === `job ${RECONCILE_JOB}`)).toBe(false);
  });

  it.skipIf(!process.env.TEST_REDIS_URL)("holds the request's Redis commands (its rate limits)", () => {
    const commands = spans().filter(
      (span) => traceOf(span) === traceOf(tap) && span.name.startsWith('redis '),
    );
    expect(commands.length).toBeGreaterThan(0);
    expect(commands[0]?.attributes['db.system.name']).toBe('redis');
  });

  it("records neither the callback secret nor the player's phone", () => {
    const recorded = JSON.stringify(spans().map((span) => [span.name, span.attributes]));
    expect(recorded).not.toContain((t as PaymentsTestApp).config.mpesaCallbackSecret);
    expect(recorded).not.toContain('712345678');
  });
});

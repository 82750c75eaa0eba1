import { and, asc, desc, eq, gt, isNull } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { Config } from '../../platform/config.ts';
import { darajaTimestamp, stkPassword } from '../../platform/daraja/time.ts';
import type { Db } from '../../platform/db.ts';
import { httpFetch } from '../../platform/http-fetch.ts';
import { type SandboxOptions, systemClock } from '../clock.ts';
import { keepDelivering } from '../delayed-tasks.ts';
import { invalid, outcomeColumns, safaricomApi, same, sendError } from '../safaricom.ts';
import { createDelivery } from './delivery.ts';
import {
  ANSWERED_BY_HAND,
  answers,
  checkoutRequestId,
  merchantRequestId,
  outcomeFor,
  PROMPT_TIMEOUT_MS,
  type Refusal,
  receiptNumber,
  UNANSWERED,
  WRONG_CREDENTIALS,
} from './outcomes.ts';
import { sandboxDarajaPage } from './page.ts';
import { registerPayoutRoutes } from './payout-routes.ts';
import { nearNow, parseBody, StkPushBody, StkQueryBody } from './requests.ts';
import { sandboxDarajaTransactions as transactions } from './schema.ts';
import { sandboxStatement } from './statement.ts';
import { createStkChecks } from './stk-checks.ts';

export const SANDBOX_DARAJA_PREFIX = '/sandbox/daraja';

/**
 * Safaricom Daraja's endpoints, under /sandbox/daraja: OAuth, STK Push and its query, B2C and
 * Transaction Status, with Daraja's validation and errors, and its callbacks after
 * `sandboxPaymentDelayMs`. The outcome follows the test phone table (outcomes.ts).
 * Payments complete and call back on `options.clock`.
 */
export function sandboxDarajaRoutes(
  config: Pick<Config, 'daraja' | 'sandboxPaymentDelayMs' | 'sandboxDaraja' | 'publicUrl'>,
  db: Db,
  options: SandboxOptions = {},
) {
  const { send = httpFetch, clock = systemClock } = options;
  const settings = config.daraja;
  const delay = config.sandboxPaymentDelayMs;
  return async (app: FastifyInstance) => {
    const delivery = createDelivery(db, send, app.log, clock);
    await keepDelivering(app, delivery);

    const hide = { schema: { hide: true } };
    const stk = createStkChecks(config, clock);
    const refuse = (reply: FastifyReply, refusal: Refusal) =>
      sendError(reply, refusal.status, refusal.errorCode, refusal.errorMessage);

    const authorised = safaricomApi(
      app,
      settings,
      {
        name: 'Daraja sandbox',
        prefix: SANDBOX_DARAJA_PREFIX,
        purpose: 'daraja-sandbox',
      },
      db,
    );

    function passwordOk(body: { BusinessShortCode: string; Password: string; Timestamp: string }) {
      return same(body.Password, stkPassword(settings.shortCode, settings.passkey, body.Timestamp));
    }

    app.post(`${SANDBOX_DARAJA_PREFIX}/mpesa/stkpush/v1/processrequest`, hide, async (request, reply) => {
      if (!authorised(request, reply)) return reply;
      const arrested = stk.spikeArrested();
      if (arrested) return refuse(reply, arrested);
      const body = parseBody(StkPushBody, request, reply);
      if (!body) return reply;
      if (body.BusinessShortCode !== settings.shortCode) return invalid(reply, 'BusinessShortCode');
      if (!nearNow(body.Timestamp)) return invalid(reply, 'Timestamp');
      if (!passwordOk(body)) return refuse(reply, WRONG_CREDENTIALS);
      const refused = stk.check(body);
      if (typeof refused === 'string') return invalid(reply, refused);
      if (refused) return refuse(reply, refused);
      // A hand-answered phone holds the prompt until someone answers it (or it times out).
      const byHand = ANSWERED_BY_HAND.test(body.PhoneNumber);
      const outcome = byHand ? UNANSWERED : outcomeFor(body.PhoneNumber);
      const now = new Date(clock.now());
      const [row] = await db
        .insert(transactions)
        .values({
          id: checkoutRequestId(darajaTimestamp(now)),
          kind: 'stk',
          requestId: merchantRequestId(),
          phone: body.PhoneNumber,
          amount: body.Amount,
          reference: body.AccountReference,
          callbackUrl: body.CallBackURL,
          ...outcomeColumns(outcome, now, byHand ? PROMPT_TIMEOUT_MS : stk.callbackDelayMs(delay)),
          receipt: outcome.resultCode === 0 ? receiptNumber() : null,
        })
        .returning();
      if (!row) throw new Error('The sandbox could not store the STK Push');
      delivery.callbackWhenComplete(row);
      await stk.answerDelay();
      return {
        MerchantRequestID: row.requestId,
        CheckoutRequestID: row.id,
        ResponseCode: '0',
        ResponseDescription: 'Success. Request accepted for processing',
        CustomerMessage: 'Success. Request accepted for processing',
      };
    });

    app.post(`${SANDBOX_DARAJA_PREFIX}/mpesa/stkpushquery/v1/query`, hide, async (request, reply) => {
      if (!authorised(request, reply)) return reply;
      const body = parseBody(StkQueryBody, request, reply);
      if (!body) return reply;
      if (body.BusinessShortCode !== settings.shortCode) return invalid(reply, 'BusinessShortCode');
      if (!nearNow(body.Timestamp)) return invalid(reply, 'Timestamp');
      if (!passwordOk(body)) return refuse(reply, WRONG_CREDENTIALS);
      const [row] = await db
        .select()
        .from(transactions)
        .where(and(eq(transactions.id, body.CheckoutRequestID), eq(transactions.kind, 'stk')));
      if (!row) return invalid(reply, 'CheckoutRequestID');
      await stk.answerDelay();
      if (row.completesAt.getTime() > clock.now()) {
        return sendError(reply, 500, '500.001.1001', 'The transaction is being processed');
      }
      return {
        ResponseCode: '0',
        ResponseDescription: 'The service request has been accepted successsfully',
        MerchantRequestID: row.requestId,
        CheckoutRequestID: row.id,
        ResultCode: String(row.resultCode),
        ResultDesc: row.resultDesc,
      };
    });

    registerPayoutRoutes(app, {
      prefix: SANDBOX_DARAJA_PREFIX,
      settings,
      db,
      delay,
      clock,
      send,
      delivery,
      authorised,
    });

    /** The prompts still waiting on hand-answered phones, oldest first. */
    const waitingPrompts = (phone?: string) =>
      db
        .select()
        .from(transactions)
        .where(
          and(
            eq(transactions.kind, 'stk'),
            isNull(transactions.callbackSentAt),
            gt(transactions.completesAt, new Date(clock.now())),
            ...(phone ? [eq(transactions.phone, phone)] : []),
          ),
        )
        .orderBy(asc(transactions.createdAt))
        .then((rows) => rows.filter((row) => ANSWERED_BY_HAND.test(row.phone)));

    // The person holding a hand-answered phone answers its oldest prompt: pay, pay with the callback
    // lost on the way, or cancel. The callback follows at once, as if they had typed their PIN.
    app.post<{ Params: { phone: string } }>(
      `${SANDBOX_DARAJA_PREFIX}/phones/:phone/answer`,
      hide,
      async (request, reply) => {
        const { phone } = request.params;
        const choice = (request.body as { answer?: unknown } | undefined)?.answer;
        const answer =
          typeof choice === 'string' && Object.hasOwn(answers, choice) ? answers[choice] : undefined;
        if (!ANSWERED_BY_HAND.test(phone) || !answer) {
          return reply
            .code(400)
            .type('text/plain; charset=utf-8')
            .send(`Answer pay, pay-callback-lost or cancel, for a phone from 254700900000 to 254700999999.`);
        }
        const [waiting] = await waitingPrompts(phone);
        const now = new Date(clock.now());
        const [row] = waiting
          ? await db
              .update(transactions)
              .set({
                resultCode: answer.resultCode,
                resultDesc: answer.resultDesc,
                receipt: answer.resultCode === 0 ? receiptNumber() : null,
                deliveries: answer.deliveries,
                completesAt: now,
              })
              .where(and(eq(transactions.id, waiting.id), gt(transactions.completesAt, now)))
              .returning()
          : [];
        if (!row) {
          return reply
            .code(404)
            .type('text/plain; charset=utf-8')
            .send('No prompt is waiting on this phone.');
        }
        delivery.callbackWhenComplete(row);
        return reply.redirect(SANDBOX_DARAJA_PREFIX, 303);
      },
    );

    // The org portal's statement export of a day (CSV): the records finance reconciles with.
    app.get(`${SANDBOX_DARAJA_PREFIX}/statement`, hide, async (request, reply) => {
      const { date } = request.query as { date?: string };
      const csv = await sandboxStatement(db, date, new Date(clock.now()));
      if (csv === null)
        return reply.code(400).type('text/plain; charset=utf-8').send('Give ?date=YYYY-MM-DD.');
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="mpesa-statement-${date}.csv"`)
        .header('cache-control', 'no-store')
        .send(csv);
    });

    app.get(SANDBOX_DARAJA_PREFIX, hide, async (_request, reply) => {
      const recent = await db.select().from(transactions).orderBy(desc(transactions.createdAt)).limit(50);
      return reply
        .type('text/html; charset=utf-8')
        .header('cache-control', 'no-store')
        .send(sandboxDarajaPage(recent, await waitingPrompts(), config.publicUrl));
    });
  };
}

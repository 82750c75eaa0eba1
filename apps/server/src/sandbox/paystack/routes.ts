import { timingSafeEqual } from 'node:crypto';
import { desc, eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { Config, PaystackConfig } from '../../platform/config.ts';
import type { Db } from '../../platform/db.ts';
import { isUniqueViolation } from '../../platform/errors.ts';
import { httpFetch } from '../../platform/http-fetch.ts';
import { type SandboxOptions, systemClock } from '../clock.ts';
import { keepDelivering } from '../delayed-tasks.ts';
import { sendHtml } from '../html.ts';
import { registerCheckoutRoutes } from './checkout-routes.ts';
import { createWebhookDelivery } from './delivery.ts';
import { listTransactions } from './listing.ts';
import { accessCode, transactionId } from './outcomes.ts';
import { sandboxPaystackPage } from './page.ts';
import { transactionData } from './payloads.ts';
import { registerRefundRoutes } from './refund-routes.ts';
import { type SandboxPaystackTransaction, sandboxPaystackTransactions as transactions } from './schema.ts';

export const SANDBOX_PAYSTACK_PREFIX = '/sandbox/paystack';

const MIN_AMOUNT = 100;
const MAX_AMOUNT = 100_000_000;

const InitializeBody = z.object({
  email: z.email(),
  amount: z
    .union([z.number(), z.string().regex(/^\d+$/).transform(Number)])
    .pipe(z.number().int().min(MIN_AMOUNT).max(MAX_AMOUNT)),
  currency: z.string().default('KES'),
  reference: z
    .string()
    .min(1)
    .max(100)
    .regex(/^[\w.=-]+$/),
  callback_url: z.url({ protocol: /^https?$/ }).optional(),
  metadata: z.union([z.record(z.string(), z.unknown()), z.string()]).optional(),
  channels: z.array(z.string()).optional(),
});

/** Paystack's message for the first field a body gets wrong. */
const fieldMessages: Record<string, string> = {
  email: 'Invalid Email Address Passed',
  amount: 'Invalid Amount Sent',
  reference: 'Only -, ., = and alphanumeric characters allowed for reference',
  callback_url: 'Invalid callback_url',
  metadata: 'Invalid metadata',
};

function same(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

const fail = (reply: FastifyReply, status: number, message: string, code?: string) =>
  reply.code(status).send({ status: false, message, ...(code ? { type: 'validation_error', code } : {}) });

/**
 * A Paystack-compatible card gateway under /sandbox/paystack: initialize and verify with the secret
 * key, a hosted checkout page whose card number decides the outcome (outcomes.ts), the signed
 * charge.success webhook after `sandboxPaymentDelayMs` on `options.clock`, and refunds
 * (refund-routes.ts) processed after the same delay with their refund.processed webhook.
 */
export function sandboxPaystackRoutes(
  config: Pick<Config, 'sandboxPaymentDelayMs' | 'publicUrl'> & { paystack: PaystackConfig },
  db: Db,
  options: SandboxOptions = {},
) {
  const { send = httpFetch, clock = systemClock } = options;
  const settings = config.paystack;
  const delay = config.sandboxPaymentDelayMs;

  return async (app: FastifyInstance) => {
    const delivery = createWebhookDelivery({
      db,
      send,
      log: app.log,
      secretKey: settings.secretKey,
      webhookUrl: settings.webhookUrl,
      retryAfterMs: Math.max(delay, 1000),
      clock,
    });
    await keepDelivering(app, delivery);

    if (!app.hasContentTypeParser('application/x-www-form-urlencoded')) {
      app.addContentTypeParser(
        'application/x-www-form-urlencoded',
        { parseAs: 'string', bodyLimit: 16 * 1024 },
        (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(body as string))),
      );
    }

    app.setErrorHandler((error: Error & { statusCode?: number }, request, reply) => {
      const status = error.statusCode ?? 500;
      if (status >= 500) request.log.error({ err: error }, 'Card sandbox failed');
      if (status === 400 || status === 415) return fail(reply, 400, 'Invalid request body');
      return fail(reply, status, status >= 500 ? 'An error occurred' : error.message);
    });

    const hide = { schema: { hide: true } };

    function authorised(request: FastifyRequest, reply: FastifyReply): boolean {
      const header = request.headers.authorization;
      if (!header) {
        fail(reply, 401, 'No Authorization header was found');
        return false;
      }
      const key = /^Bearer\s+(\S+)$/i.exec(header)?.[1] ?? '';
      if (!same(key, settings.secretKey)) {
        fail(reply, 401, 'Invalid key');
        return false;
      }
      return true;
    }

    async function byReference(reference: string) {
      const [row] = await db.select().from(transactions).where(eq(transactions.reference, reference));
      return row;
    }

    app.post(`${SANDBOX_PAYSTACK_PREFIX}/transaction/initialize`, hide, async (request, reply) => {
      if (!authorised(request, reply)) return reply;
      const parsed = InitializeBody.safeParse(request.body ?? {});
      if (!parsed.success) {
        const field = String(parsed.error.issues[0]?.path[0] ?? '');
        return fail(reply, 400, fieldMessages[field] ?? `Invalid ${field || 'request body'}`);
      }
      const body = parsed.data;
      if (body.currency !== 'KES') return fail(reply, 400, 'Currency not supported by merchant');
      let metadata: unknown = body.metadata ?? null;
      if (typeof metadata === 'string') {
        try {
          metadata = JSON.parse(metadata);
        } catch {
          return fail(reply, 400, fieldMessages.metadata as string);
        }
      }
      let row: SandboxPaystackTransaction | undefined;
      try {
        [row] = await db
          .insert(transactions)
          .values({
            id: transactionId(),
            reference: body.reference,
            accessCode: accessCode(),
            email: body.email,
            amount: body.amount,
            currency: body.currency,
            callbackUrl: body.callback_url ?? null,
            metadata,
            status: 'abandoned',
            gatewayResponse: 'The transaction was not completed',
          })
          .returning();
      } catch (error) {
        if (isUniqueViolation(error)) return fail(reply, 400, 'Duplicate Transaction Reference');
        throw error;
      }
      if (!row) throw new Error('The card sandbox could not store the transaction');
      return {
        status: true,
        message: 'Authorization URL created',
        data: {
          authorization_url: `${config.publicUrl}${SANDBOX_PAYSTACK_PREFIX}/checkout/${row.accessCode}`,
          access_code: row.accessCode,
          reference: row.reference,
        },
      };
    });

    app.get<{ Params: { reference: string } }>(
      `${SANDBOX_PAYSTACK_PREFIX}/transaction/verify/:reference`,
      hide,
      async (request, reply) => {
        if (!authorised(request, reply)) return reply;
        const row = await byReference(request.params.reference);
        if (!row) return fail(reply, 400, 'Transaction reference not found', 'transaction_not_found');
        return { status: true, message: 'Verification successful', data: transactionData(row) };
      },
    );

    // The list finance reconciles a day with: transactions created in [from, to], newest first, paged.
    app.get<{ Querystring: Record<string, string | undefined> }>(
      `${SANDBOX_PAYSTACK_PREFIX}/transaction`,
      hide,
      async (request, reply) => {
        if (!authorised(request, reply)) return reply;
        const { rows, meta } = await listTransactions(db, request.query);
        return { status: true, message: 'Transactions retrieved', data: rows.map(transactionData), meta };
      },
    );

    registerCheckoutRoutes(app, { prefix: SANDBOX_PAYSTACK_PREFIX, db, delay, clock, delivery });
    registerRefundRoutes(app, {
      prefix: SANDBOX_PAYSTACK_PREFIX,
      db,
      delay,
      clock,
      delivery,
      authorised,
      fail,
    });

    app.get(SANDBOX_PAYSTACK_PREFIX, hide, async (_request, reply) => {
      const recent = await db.select().from(transactions).orderBy(desc(transactions.createdAt)).limit(50);
      return sendHtml(reply, 200, sandboxPaystackPage(recent, config.publicUrl));
    });
  };
}

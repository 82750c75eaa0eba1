import { timingSafeEqual } from 'node:crypto';
import { and, desc, eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { Config } from '../../platform/config.ts';
import type { Db } from '../../platform/db.ts';
import { isUniqueViolation } from '../../platform/errors.ts';
import { type SandboxOptions, systemClock } from '../clock.ts';
import { createWebhookDelivery } from './delivery.ts';
import { listTransactions } from './listing.ts';
import { accessCode, outcomeForCard, transactionId } from './outcomes.ts';
import { type CheckoutForm, checkoutPage, messagePage, sandboxPaystackPage } from './page.ts';
import { transactionData } from './payloads.ts';
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

const CheckoutBody = z.object({
  cardNumber: z.string().default(''),
  expiry: z.string().default(''),
  cvc: z.string().default(''),
});

function same(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

const fail = (reply: FastifyReply, status: number, message: string, code?: string) =>
  reply.code(status).send({ status: false, message, ...(code ? { type: 'validation_error', code } : {}) });

/** MM/YY or MM/YYYY, not before this month. */
function expiryValid(expiry: string, now = new Date()): boolean {
  const match = /^\s*(\d{1,2})\s*\/\s*(\d{2}|\d{4})\s*$/.exec(expiry);
  if (!match) return false;
  const month = Number(match[1]);
  const year = Number(match[2]) + ((match[2] as string).length === 2 ? 2000 : 0);
  if (month < 1 || month > 12) return false;
  return year * 12 + month >= now.getUTCFullYear() * 12 + now.getUTCMonth() + 1;
}

/** The callback URL with the gateway's ?reference=...&trxref=... */
function returnUrl(row: SandboxPaystackTransaction): string | null {
  if (!row.callbackUrl) return null;
  const url = new URL(row.callbackUrl);
  url.searchParams.set('trxref', row.reference);
  url.searchParams.set('reference', row.reference);
  return url.toString();
}

/**
 * A Paystack-compatible card gateway under /sandbox/paystack: initialize and verify with the secret
 * key, a hosted checkout page whose card number decides the outcome (outcomes.ts), the signed
 * charge.success webhook after `sandboxPaymentDelayMs` on `options.clock`.
 */
export function sandboxPaystackRoutes(
  config: Pick<Config, 'paystack' | 'sandboxPaymentDelayMs' | 'publicUrl'>,
  db: Db,
  options: SandboxOptions = {},
) {
  const { send = fetch, clock = systemClock } = options;
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
    app.addHook('onClose', () => delivery.close());
    await delivery.resumeOwed();

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

    async function byAccessCode(code: string) {
      const [row] = await db.select().from(transactions).where(eq(transactions.accessCode, code));
      return row;
    }

    const html = (reply: FastifyReply, status: number, body: string) =>
      reply.code(status).type('text/html; charset=utf-8').header('cache-control', 'no-store').send(body);

    /**
     * The checkout form's post ends in a redirect to the merchant's callback_url, and browsers hold
     * that redirect to the page's form-action too: the checkout page allows the callback's origin.
     */
    function allowReturnTo(reply: FastifyReply, row: SandboxPaystackTransaction) {
      const policy = reply.getHeader('content-security-policy');
      if (!row.callbackUrl || typeof policy !== 'string') return;
      const origin = new URL(row.callbackUrl).origin;
      reply.header(
        'content-security-policy',
        policy.replace(
          /form-action ([^;]*)/,
          (_match, sources: string) => `form-action ${sources} ${origin}`,
        ),
      );
    }

    /** A checkout already answered: back to the merchant, or a page saying so. */
    function answered(reply: FastifyReply, row: SandboxPaystackTransaction) {
      const target = returnUrl(row);
      if (target) return reply.redirect(target, 303);
      return html(
        reply,
        200,
        messagePage(
          row.status === 'success' ? 'Payment complete' : 'Payment not completed',
          `${row.gatewayResponse}. You can close this page.`,
        ),
      );
    }

    app.get<{ Params: { code: string } }>(
      `${SANDBOX_PAYSTACK_PREFIX}/checkout/:code`,
      hide,
      async (request, reply) => {
        const row = await byAccessCode(request.params.code);
        if (!row)
          return html(reply, 404, messagePage('Checkout not found', 'This payment link is not valid.'));
        if (row.status !== 'abandoned') return answered(reply, row);
        allowReturnTo(reply, row);
        return html(reply, 200, checkoutPage(row, request.url, null));
      },
    );

    app.post<{ Params: { code: string } }>(
      `${SANDBOX_PAYSTACK_PREFIX}/checkout/:code`,
      hide,
      async (request, reply) => {
        const row = await byAccessCode(request.params.code);
        if (!row)
          return html(reply, 404, messagePage('Checkout not found', 'This payment link is not valid.'));
        if (row.status !== 'abandoned') return answered(reply, row);
        const form = CheckoutBody.safeParse(request.body ?? {});
        const typed: CheckoutForm = form.success ? form.data : {};
        const outcome = outcomeForCard(typed.cardNumber ?? '');
        const refuse = (message: string) => {
          allowReturnTo(reply, row);
          // 200, like a gateway's page showing a form error: the browser logs no failed load.
          return html(reply, 200, checkoutPage(row, request.url, message, typed));
        };
        if (!outcome) return refuse('Use a test card');
        if (!expiryValid(typed.expiry ?? ''))
          return refuse('Enter the expiry date as MM/YY, not in the past.');
        if (!form.success || !/^\d{3,4}$/.test(form.data.cvc.trim()))
          return refuse('Enter the 3 or 4 digit CVC.');

        const now = new Date(clock.now());
        const paid = outcome.status === 'success';
        // Answered once: a second submit (a double tap, another tab) finds the row already answered.
        const [done] = await db
          .update(transactions)
          .set({
            status: outcome.status,
            gatewayResponse: outcome.gatewayResponse,
            cardLast4: (typed.cardNumber ?? '').replace(/\D/g, '').slice(-4),
            paidAt: paid ? now : null,
            completedAt: now,
            webhookAt: paid ? new Date(now.getTime() + delay) : null,
          })
          .where(and(eq(transactions.id, row.id), eq(transactions.status, 'abandoned')))
          .returning();
        if (done) {
          delivery.webhookWhenDue(done);
          return answered(reply, done);
        }
        return answered(reply, (await byAccessCode(request.params.code)) ?? row);
      },
    );

    app.get(SANDBOX_PAYSTACK_PREFIX, hide, async (_request, reply) => {
      const recent = await db.select().from(transactions).orderBy(desc(transactions.createdAt)).limit(50);
      return html(reply, 200, sandboxPaystackPage(recent, config.publicUrl));
    });
  };
}

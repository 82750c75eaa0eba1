import { and, eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { z } from 'zod';
import type { Db } from '../../platform/db.ts';
import type { SandboxClock } from '../clock.ts';
import { sendHtml } from '../html.ts';
import type { createWebhookDelivery } from './delivery.ts';
import { outcomeForCard } from './outcomes.ts';
import { type CheckoutForm, checkoutPage, messagePage } from './page.ts';
import { type SandboxPaystackTransaction, sandboxPaystackTransactions as transactions } from './schema.ts';

const CheckoutBody = z.object({
  cardNumber: z.string().default(''),
  expiry: z.string().default(''),
  cvc: z.string().default(''),
});

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

/** What the checkout pages share with the rest of the card sandbox. */
export interface CheckoutRoutesContext {
  prefix: string;
  db: Db;
  /** sandboxPaymentDelayMs: how long after paying the charge.success webhook is sent. */
  delay: number;
  clock: SandboxClock;
  delivery: ReturnType<typeof createWebhookDelivery>;
}

/**
 * The hosted checkout page a transaction's authorization_url opens: the card typed decides the
 * outcome (outcomes.ts); then back to the merchant's callback_url.
 */
export function registerCheckoutRoutes(app: FastifyInstance, context: CheckoutRoutesContext) {
  const { prefix, db, delay, clock, delivery } = context;
  const hide = { schema: { hide: true } };

  async function byAccessCode(code: string) {
    const [row] = await db.select().from(transactions).where(eq(transactions.accessCode, code));
    return row;
  }

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
      policy.replace(/form-action ([^;]*)/, (_match, sources: string) => `form-action ${sources} ${origin}`),
    );
  }

  /** A checkout already answered: back to the merchant, or a page saying so. */
  function answered(reply: FastifyReply, row: SandboxPaystackTransaction) {
    const target = returnUrl(row);
    if (target) return reply.redirect(target, 303);
    return sendHtml(
      reply,
      200,
      messagePage(
        row.status === 'success' || row.status === 'reversed' ? 'Payment complete' : 'Payment not completed',
        `${row.gatewayResponse}. You can close this page.`,
      ),
    );
  }

  /** The checkout still waiting for a card; else its page is answered here (not found, or already answered). */
  async function waitingCheckout(code: string, reply: FastifyReply) {
    const row = await byAccessCode(code);
    if (!row) {
      sendHtml(reply, 404, messagePage('Checkout not found', 'This payment link is not valid.'));
      return undefined;
    }
    if (row.status === 'abandoned') return row;
    answered(reply, row);
    return undefined;
  }

  app.get<{ Params: { code: string } }>(`${prefix}/checkout/:code`, hide, async (request, reply) => {
    const row = await waitingCheckout(request.params.code, reply);
    if (!row) return reply;
    allowReturnTo(reply, row);
    return sendHtml(reply, 200, checkoutPage(row, request.url, null));
  });

  app.post<{ Params: { code: string } }>(`${prefix}/checkout/:code`, hide, async (request, reply) => {
    const row = await waitingCheckout(request.params.code, reply);
    if (!row) return reply;
    const form = CheckoutBody.safeParse(request.body ?? {});
    const typed: CheckoutForm = form.success ? form.data : {};
    const outcome = outcomeForCard(typed.cardNumber ?? '');
    const refuse = (message: string) => {
      allowReturnTo(reply, row);
      // 200, like a gateway's page showing a form error: the browser logs no failed load.
      return sendHtml(reply, 200, checkoutPage(row, request.url, message, typed));
    };
    if (!outcome) return refuse('Use a test card');
    if (!expiryValid(typed.expiry ?? '')) return refuse('Enter the expiry date as MM/YY, not in the past.');
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
  });
}

/**
 * The card gateway over fetch, in Paystack's API shapes: initialize a transaction (its hosted
 * checkout page is our `txGwSessionUrl`) and verify it; refund it (POST /refund) and follow the refund. The same code talks to the built-in sandbox
 * and to Paystack; only the base URL and the secret key differ (docs/card-sandbox.md).
 */

import { type Json, ProviderError, providerSend, text } from '../provider-fetch.ts';

/**
 * A transaction's status as verify reports it. `abandoned` is what a transaction is until the
 * customer pays: not final, the customer may still complete the checkout. `ongoing`, `pending`,
 * `processing` and `queued` are not final either. `reversed` is a payment that was made and then
 * refunded in full: paid, never failed (ADR 0076).
 */
export type PaystackStatus =
  | 'success'
  | 'failed'
  | 'abandoned'
  | 'ongoing'
  | 'pending'
  | 'processing'
  | 'queued'
  | 'reversed';

/** Statuses after which a transaction never changes again (for a payment: paid, or not). */
export const FINAL_PAYSTACK_STATUSES: readonly PaystackStatus[] = ['success', 'failed', 'reversed'];

export interface PaystackTransaction {
  status: PaystackStatus;
  /** Minor units (cents), as the gateway counts. */
  amountCents: number;
  currency: string;
  reference: string;
  /** The gateway's word on the outcome: 'Successful', 'Declined', 'Insufficient Funds', ... */
  gatewayResponse: string;
  /** When it was paid; null unless status is success or reversed (paid, then refunded in full). */
  paidAt: Date | null;
}

export interface PaystackClient {
  /** POST /transaction/initialize: the hosted checkout page the customer pays on. */
  initializeTransaction(input: {
    email: string;
    /** Minor units (cents): KES 150 is 15000. */
    amountCents: number;
    /** Ours, unique per payment; the gateway refuses a reference it has seen ('Duplicate Transaction Reference'). */
    reference: string;
    /** Where the customer's browser is sent after paying, with ?reference=...&trxref=... */
    callbackUrl: string;
    currency: 'KES';
    metadata?: Record<string, unknown>;
  }): Promise<{ authorizationUrl: string; accessCode: string; reference: string }>;
  /** GET /transaction/verify/:reference: what the gateway knows now. */
  verifyTransaction(reference: string): Promise<PaystackTransaction>;
}

/** A refund's status: `pending` and `processing` may still change; `processed` and `failed` never do. */
export type PaystackRefundStatus = 'pending' | 'processing' | 'processed' | 'failed' | 'needs-attention';

export interface PaystackRefund {
  /** The gateway's refund id. */
  id: string;
  status: PaystackRefundStatus;
  /** Minor units (cents). */
  amountCents: number;
  currency: string;
  /** The refunded transaction's reference (ours: the payment intent's id). */
  transactionReference: string;
  /** What the merchant noted on it: PlayOn's refund intent id. */
  merchantNote: string | null;
  refundedAt: Date | null;
}

/** One page of GET /transaction: the transactions created in a period, for the daily reconciliation. */
export interface PaystackTransactionPage {
  transactions: (PaystackTransaction & { id: string })[];
  page: number;
  pageCount: number;
}

/** One page of GET /refund: the refunds created in a period, each with when it was made. */
export interface PaystackRefundPage {
  refunds: (PaystackRefund & { createdAt: Date | null })[];
  page: number;
  /** As the gateway's `meta.pageCount` says: a list without it is refused (a PaystackError), never read as whole. */
  pageCount: number;
}

/** Giving a card payment's money back to the card (ADR 0069, ADR 0076). */
export interface PaystackRefunds {
  /** POST /refund: all or part (`amountCents`) of a paid transaction, named by our reference. */
  createRefund(input: {
    transactionReference: string;
    amountCents: number;
    currency: 'KES';
    /** Ours: the refund intent's id, so a retry finds the refund again in the list. */
    merchantNote: string;
  }): Promise<PaystackRefund>;
  /** GET /refund/:id: what the gateway knows of a refund now. */
  fetchRefund(id: string): Promise<PaystackRefund>;
  /**
   * GET /refund?from&to&perPage&page: the refunds created in [from, to], newest first, page by page.
   * Paystack documents no other filter: the list cannot be asked for one transaction's refunds.
   */
  listRefundsCreated(input: {
    from: Date;
    to: Date;
    page: number;
    perPage: number;
  }): Promise<PaystackRefundPage>;
}

/** What finance reads of the gateway: its transaction and refund lists, by creation time. */
export interface PaystackReports extends Pick<PaystackRefunds, 'listRefundsCreated'> {
  /** A fully refunded payment is `reversed` in the list, no longer `success`: both are read. */
  listTransactions(input: {
    from: Date;
    to: Date;
    status: 'success' | 'reversed';
    page: number;
    perPage: number;
  }): Promise<PaystackTransactionPage>;
}

export interface PaystackClientOptions {
  baseUrl: string;
  secretKey: string;
  fetch?: typeof fetch;
}

/** The gateway refused the request (HTTP status, its message and code), or could not be reached (status 0). */
export class PaystackError extends ProviderError {
  override name = 'PaystackError';
}

/** verify's code for a reference the gateway has never seen (initialize never reached it). */
export const TRANSACTION_NOT_FOUND = 'transaction_not_found';

const STATUSES = new Set<string>([
  'success',
  'failed',
  'abandoned',
  'ongoing',
  'pending',
  'processing',
  'queued',
  'reversed',
]);

const REFUND_STATUSES = new Set<string>(['pending', 'processing', 'processed', 'failed', 'needs-attention']);

export function createPaystackClient(
  options: PaystackClientOptions,
): PaystackClient & PaystackReports & PaystackRefunds {
  // A body that is not JSON (an HTML error page from a proxy, say) reads as {}: refused below with the HTTP status.
  const send = providerSend('paystack', options, {
    unreachable: (reason) => new PaystackError(`The card gateway could not be reached: ${reason}`, 0, null),
  });

  /** A call answered `{status: true, data}`: its data; anything else is a PaystackError. */
  async function call(path: string, init: RequestInit): Promise<Json> {
    return (await answered(path, init)).data as Json;
  }

  /** The whole answer of a call answered `{status: true, data}` (a list's `meta` with its data). */
  async function answered(path: string, init: RequestInit): Promise<Json> {
    const { status, ok, body } = await send(path, {
      ...init,
      headers: {
        authorization: `Bearer ${options.secretKey}`,
        accept: 'application/json',
        ...(init.body ? { 'content-type': 'application/json' } : {}),
      },
    });
    const data = body.data;
    if (!ok || body.status !== true || !data || typeof data !== 'object') {
      const message = text(body.message) || `The card gateway answered ${status}`;
      throw new PaystackError(message, status, body.code === undefined ? null : text(body.code));
    }
    return body;
  }

  /** A transaction as verify and the list give it. */
  function transactionOf(data: Json): PaystackTransaction {
    const status = text(data.status);
    const amount = Number(data.amount);
    if (!STATUSES.has(status) || !Number.isSafeInteger(amount)) {
      throw new PaystackError(`The card gateway answered an unknown status '${status}'`, 200, null);
    }
    // A fully refunded payment is `reversed`: it was paid, and keeps when.
    const paid = status === 'success' || status === 'reversed';
    const paidAt = paid && data.paid_at ? new Date(text(data.paid_at)) : null;
    return {
      status: status as PaystackStatus,
      amountCents: amount,
      currency: text(data.currency),
      reference: text(data.reference),
      gatewayResponse: text(data.gateway_response),
      paidAt: paidAt && !Number.isNaN(paidAt.getTime()) ? paidAt : null,
    };
  }

  /**
   * Where a list's page stands, from its `meta`: a page without its page count cannot say whether
   * more follow, so it is refused rather than read as the whole list. An empty list counts 0 pages.
   */
  function pagingOf(body: Json, asked: number) {
    const meta = body.meta && typeof body.meta === 'object' ? (body.meta as Json) : {};
    const pageCount = Number(meta.pageCount);
    if (
      meta.pageCount === undefined ||
      meta.pageCount === null ||
      !Number.isSafeInteger(pageCount) ||
      pageCount < 0
    )
      throw new PaystackError('The card gateway answered a list without its page count', 200, null);
    return { page: Number(meta.page) || asked, pageCount: Math.max(1, pageCount) };
  }

  /** A refund as the gateway gives it (create, fetch, list). */
  function refundOf(data: Json): PaystackRefund {
    const status = text(data.status);
    const amount = Number(data.amount);
    if (!REFUND_STATUSES.has(status) || !Number.isSafeInteger(amount) || data.id === undefined) {
      throw new PaystackError(`The card gateway answered an unknown refund status '${status}'`, 200, null);
    }
    const nested = data.transaction && typeof data.transaction === 'object' ? (data.transaction as Json) : {};
    const refundedAt = data.refunded_at ? new Date(text(data.refunded_at)) : null;
    return {
      id: text(data.id),
      status: status as PaystackRefundStatus,
      amountCents: amount,
      currency: text(data.currency),
      transactionReference: text(data.transaction_reference) || text(nested.reference),
      merchantNote: data.merchant_note ? text(data.merchant_note) : null,
      refundedAt: refundedAt && !Number.isNaN(refundedAt.getTime()) ? refundedAt : null,
    };
  }

  return {
    async createRefund(input) {
      if (!Number.isSafeInteger(input.amountCents) || input.amountCents < 1) {
        throw new RangeError(`A refund is a positive whole number of cents, not ${input.amountCents}`);
      }
      return refundOf(
        await call('/refund', {
          method: 'POST',
          body: JSON.stringify({
            transaction: input.transactionReference,
            amount: input.amountCents,
            currency: input.currency,
            merchant_note: input.merchantNote,
          }),
        }),
      );
    },

    async fetchRefund(id) {
      return refundOf(await call(`/refund/${encodeURIComponent(id)}`, { method: 'GET' }));
    },

    async listRefundsCreated(input) {
      const query = new URLSearchParams({
        from: input.from.toISOString(),
        to: input.to.toISOString(),
        perPage: String(input.perPage),
        page: String(input.page),
      });
      const body = await answered(`/refund?${query}`, { method: 'GET' });
      if (!Array.isArray(body.data))
        throw new PaystackError('The card gateway answered a list without refunds', 200, null);
      return {
        refunds: (body.data as Json[]).map((data) => {
          const createdAt = new Date(text(data.createdAt ?? data.created_at));
          return { ...refundOf(data), createdAt: Number.isNaN(createdAt.getTime()) ? null : createdAt };
        }),
        ...pagingOf(body, input.page),
      };
    },

    async initializeTransaction(input) {
      if (!Number.isSafeInteger(input.amountCents) || input.amountCents < 1) {
        throw new RangeError(`A card payment is a positive whole number of cents, not ${input.amountCents}`);
      }
      const data = await call('/transaction/initialize', {
        method: 'POST',
        body: JSON.stringify({
          email: input.email,
          amount: input.amountCents,
          currency: input.currency,
          reference: input.reference,
          callback_url: input.callbackUrl,
          channels: ['card'],
          ...(input.metadata ? { metadata: input.metadata } : {}),
        }),
      });
      const authorizationUrl = text(data.authorization_url);
      if (!authorizationUrl) throw new PaystackError('The card gateway gave no checkout page', 200, null);
      return {
        authorizationUrl,
        accessCode: text(data.access_code),
        reference: text(data.reference) || input.reference,
      };
    },

    async verifyTransaction(reference) {
      return transactionOf(
        await call(`/transaction/verify/${encodeURIComponent(reference)}`, { method: 'GET' }),
      );
    },

    async listTransactions(input) {
      const query = new URLSearchParams({
        from: input.from.toISOString(),
        to: input.to.toISOString(),
        status: input.status,
        page: String(input.page),
        perPage: String(input.perPage),
      });
      const body = await answered(`/transaction?${query}`, { method: 'GET' });
      if (!Array.isArray(body.data))
        throw new PaystackError('The card gateway answered a list without transactions', 200, null);
      return {
        transactions: (body.data as Json[]).map((data) => ({ ...transactionOf(data), id: text(data.id) })),
        ...pagingOf(body, input.page),
      };
    },
  };
}

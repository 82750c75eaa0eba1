import { randomUUID } from 'node:crypto';
import type { DarajaClient } from '../../src/platform/daraja/client.ts';
import { PaystackError } from '../../src/platform/paystack/client.ts';

/** Daraja's STK callback body, as Safaricom posts it. */
export function stkCallbackBody(input: {
  merchantRequestId: string;
  checkoutRequestId: string;
  resultCode: number;
  amount?: number;
  receipt?: string;
  phone?: string;
}) {
  const ok = input.resultCode === 0;
  return {
    Body: {
      stkCallback: {
        MerchantRequestID: input.merchantRequestId,
        CheckoutRequestID: input.checkoutRequestId,
        ResultCode: input.resultCode,
        ResultDesc: ok ? 'The service request is processed successfully.' : 'Request cancelled by user',
        ...(ok
          ? {
              CallbackMetadata: {
                Item: [
                  { Name: 'Amount', Value: input.amount },
                  { Name: 'MpesaReceiptNumber', Value: input.receipt },
                  { Name: 'TransactionDate', Value: 20261121093015 },
                  { Name: 'PhoneNumber', Value: Number(input.phone) },
                ],
              },
            }
          : {}),
      },
    },
  };
}

/** Daraja's B2C result body. */
export function b2cResultBody(input: {
  originatorConversationId: string;
  conversationId: string;
  resultCode: number;
  amount?: number;
  transactionId?: string;
  phone?: string;
}) {
  const ok = input.resultCode === 0;
  return {
    Result: {
      ResultType: 0,
      ResultCode: input.resultCode,
      ResultDesc: ok
        ? 'The service request is processed successfully.'
        : 'The balance is insufficient for the transaction.',
      OriginatorConversationID: input.originatorConversationId,
      ConversationID: input.conversationId,
      TransactionID: input.transactionId ?? 'NLJ0000000',
      ...(ok
        ? {
            ResultParameters: {
              ResultParameter: [
                { Key: 'TransactionAmount', Value: input.amount },
                { Key: 'TransactionReceipt', Value: input.transactionId },
                { Key: 'ReceiverPartyPublicName', Value: `${input.phone} - Test Player` },
                { Key: 'TransactionCompletedDateTime', Value: '21.11.2026 09:30:15' },
              ],
            },
          }
        : {}),
    },
  };
}

/**
 * A Daraja client that records what it was asked and answers like Daraja would, for unit tests of
 * the payment rules only; integration tests use the real sandbox.
 */
export function recordingDaraja() {
  const stk = new Map<string, { merchantRequestId: string; phone: string; amount: number }>();
  const b2c = new Map<string, { conversationId: string; phone: string; amount: number }>();
  /** The Transaction Status queries asked, each query's own ConversationID by the payout asked about. */
  const statusQueries: { originatorConversationId: string; conversationId: string }[] = [];
  const client: DarajaClient = {
    async stkPush(input) {
      const checkoutRequestId = `ws_CO_${randomUUID()}`;
      const merchantRequestId = `mr-${randomUUID()}`;
      stk.set(checkoutRequestId, { merchantRequestId, phone: input.phone, amount: input.amount });
      return {
        merchantRequestId,
        checkoutRequestId,
        customerMessage: 'Success. Request accepted for processing',
      };
    },
    async stkQuery() {
      return { resultCode: null, resultDesc: 'The transaction is being processed' };
    },
    async b2cPayment(input) {
      const conversationId = `AG_${randomUUID()}`;
      b2c.set(input.originatorConversationId, { conversationId, phone: input.phone, amount: input.amount });
      return { conversationId, originatorConversationId: input.originatorConversationId };
    },
    async transactionStatus(input) {
      const conversationId = `AG_${randomUUID()}`;
      statusQueries.push({ originatorConversationId: input.originatorConversationId, conversationId });
      return { conversationId, originatorConversationId: `${randomUUID()}` };
    },
  };
  return { client, stk, b2c, statusQueries };
}

/**
 * A Transaction Status result answering the query `queryConversationId`: Daraja has no payment with
 * the OriginatorConversationID asked (R000002), or the payout's state as Daraja reports it.
 */
export function statusResultBody(
  queryConversationId: string,
  payout?: {
    originatorConversationId: string;
    conversationId: string;
    status: 'Completed' | 'Failed';
    amount: number;
    phone: string;
    receipt: string;
  },
) {
  return {
    Result: {
      ResultType: 0,
      ResultCode: payout ? 0 : 'R000002',
      ResultDesc: payout
        ? 'The service request has been accepted successfully.'
        : 'The OriginatorConversationID is invalid.',
      OriginatorConversationID: `${randomUUID()}`,
      ConversationID: queryConversationId,
      TransactionID: 'SBX0000000',
      ...(payout
        ? {
            ResultParameters: {
              ResultParameter: [
                { Key: 'OriginatorConversationID', Value: payout.originatorConversationId },
                { Key: 'ConversationID', Value: payout.conversationId },
                { Key: 'TransactionStatus', Value: payout.status },
                { Key: 'Amount', Value: payout.amount },
                { Key: 'CreditPartyName', Value: `${payout.phone} - Player` },
                { Key: 'ReceiptNo', Value: payout.receipt },
                { Key: 'FinalisedTime', Value: 20261124101010 },
              ],
            },
          }
        : {}),
    },
  };
}

/** A port nobody listens on right now. */
export async function freePort(): Promise<number> {
  const { createServer } = await import('node:net');
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

/**
 * Polls `read` until `done` says yes (or the time is up, then returns the last value). The limit is a
 * ceiling, not a wait: with both cores busy (three suites side by side) a sandbox payment's callback,
 * its job and the ledger took over 10 s, so the default leaves room for a slow machine.
 */
export async function eventually<T>(
  read: () => Promise<T>,
  done: (value: T) => boolean,
  timeoutMs = 30_000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (done(value) || Date.now() > deadline) return value;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/**
 * The dependencies of the payment service, built as the app builds them: the card and
 * airtime clients on the app's configuration (its sandboxes), the subscription service and the
 * players' profiles on the app's database.
 */
export async function paymentProviders(t: import('./app.ts').TestApp) {
  const { inArray } = await import('drizzle-orm');
  const { createPaystackClient } = await import('../../src/platform/paystack/client.ts');
  const { createAirtimeClient } = await import('../../src/platform/airtime/client.ts');
  const { createSubscriptionService } = await import('../../src/modules/subscriptions/service.ts');
  const { profiles } = await import('../../src/modules/profile/schema.ts');
  const db = t.database.db;
  return {
    paystack: createPaystackClient(t.config.paystack),
    airtime: createAirtimeClient(t.config.airtime),
    subscriptions: createSubscriptionService({ db }),
    players: {
      async playersByUid(uids: string[]) {
        const rows =
          uids.length === 0
            ? []
            : await db
                .select({ uid: profiles.uid, username: profiles.username, email: profiles.email })
                .from(profiles)
                .where(inArray(profiles.uid, uids));
        return new Map(rows.map((row) => [row.uid, { username: row.username, email: row.email }]));
      },
    },
  };
}

/**
 * A card gateway that records what it was asked and answers verify with what the test decided the
 * customer did (abandoned until then), for the ledger's property test; integration tests use the
 * real sandbox.
 */
export function recordingPaystack() {
  const outcomes = new Map<string, { status: 'success' | 'failed' | 'reversed'; amountCents: number }>();
  const initialized = new Map<string, number>();
  type Refund = import('../../src/platform/paystack/client.ts').PaystackRefund;
  const refunds: Refund[] = [];
  const createdAt = new Map<string, Date>();
  /** How the refund list is read: its page size, and the pages (from 1) whose read fails. */
  const listing = { perPageAtMost: 100, failingPages: new Set<number>(), pagesRead: 0 };
  const client: import('../../src/platform/paystack/client.ts').PaystackClient &
    import('../../src/platform/paystack/client.ts').PaystackRefunds = {
    async createRefund(input) {
      const refund: Refund = {
        id: String(refunds.length + 1),
        status: 'pending',
        amountCents: input.amountCents,
        currency: input.currency,
        transactionReference: input.transactionReference,
        merchantNote: input.merchantNote,
        refundedAt: null,
      };
      refunds.push(refund);
      createdAt.set(refund.id, new Date());
      return refund;
    },
    async fetchRefund(id) {
      const refund = refunds.find((made) => made.id === id);
      if (!refund) throw new Error(`no refund ${id}`);
      return refund;
    },
    async listRefundsCreated({ from, to, page, perPage }) {
      listing.pagesRead++;
      if (listing.failingPages.has(page))
        throw new PaystackError('The card gateway could not be reached: timed out', 0, null);
      const size = Math.min(perPage, listing.perPageAtMost);
      const within = refunds
        .map((refund) => ({ ...refund, createdAt: createdAt.get(refund.id) ?? null }))
        .filter((refund) => refund.createdAt && refund.createdAt >= from && refund.createdAt <= to)
        .reverse();
      return {
        refunds: within.slice((page - 1) * size, page * size),
        page,
        pageCount: Math.max(1, Math.ceil(within.length / size)),
      };
    },
    async initializeTransaction(input) {
      initialized.set(input.reference, input.amountCents);
      return {
        authorizationUrl: `https://checkout.example/${input.reference}`,
        accessCode: input.reference,
        reference: input.reference,
      };
    },
    async verifyTransaction(reference) {
      const outcome = outcomes.get(reference);
      return {
        status: outcome?.status ?? 'abandoned',
        amountCents: outcome?.amountCents ?? initialized.get(reference) ?? 0,
        currency: 'KES',
        reference,
        gatewayResponse: outcome?.status === 'failed' ? 'Declined' : 'Successful',
        paidAt: outcome?.status === 'success' || outcome?.status === 'reversed' ? new Date() : null,
      };
    },
  };
  return { client, outcomes, initialized, refunds, listing };
}

/** A carrier that records the charges asked for and reports what the test decided (PENDING until then). */
export function recordingAirtime() {
  const charges = new Map<
    string,
    { chargeId: string; msisdn: string; amount: number; resultCode: number | null }
  >();
  const charge = (reference: string) => {
    const found = charges.get(reference);
    if (!found) return null;
    return {
      ...found,
      reference,
      status:
        found.resultCode === null
          ? ('PENDING' as const)
          : found.resultCode === 0
            ? ('SUCCESS' as const)
            : ('FAILED' as const),
      resultDesc: '',
      completedAt: found.resultCode === null ? null : new Date(),
    };
  };
  const client: import('../../src/platform/airtime/client.ts').AirtimeClient = {
    async charge(input) {
      const chargeId = `CB_${randomUUID()}`;
      charges.set(input.reference, {
        chargeId,
        msisdn: input.msisdn,
        amount: input.amount,
        resultCode: null,
      });
      return { chargeId, status: 'ACCEPTED' };
    },
    async getCharge(chargeId) {
      const reference = [...charges.entries()].find(([, c]) => c.chargeId === chargeId)?.[0];
      const found = reference ? charge(reference) : null;
      if (!found) throw new Error(`no charge ${chargeId}`);
      return found;
    },
    async findCharge(reference) {
      return charge(reference);
    },
  };
  return { client, charges };
}

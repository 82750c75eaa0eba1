import { randomUUID } from 'node:crypto';
import type { DarajaClient } from '../../src/platform/daraja/client.ts';

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
      return {
        conversationId: `AG_${randomUUID()}`,
        originatorConversationId: input.originatorConversationId,
      };
    },
  };
  return { client, stk, b2c };
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

/** Polls `read` until `done` says yes (or the time is up, then returns the last value). */
export async function eventually<T>(
  read: () => Promise<T>,
  done: (value: T) => boolean,
  timeoutMs = 10_000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (done(value) || Date.now() > deadline) return value;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

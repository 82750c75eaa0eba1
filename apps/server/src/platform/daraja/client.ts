/**
 * Safaricom Daraja over fetch: OAuth client credentials, STK Push (Lipa na M-Pesa Online), STK Push
 * Query, B2C and Transaction Status. The same code talks to the built-in sandbox and to Safaricom;
 * only the base URL and credentials differ (docs/mpesa-sandbox.md).
 */
import type { DarajaConfig } from '../config/providers.ts';
import { type Json, ProviderError, providerSend, text } from '../provider-fetch.ts';
import { safaricomBearerCalls } from './bearer.ts';
import { darajaTimestamp, stkPassword } from './time.ts';
import type { TokenStore } from './token.ts';

export interface DarajaClient {
  /** Lipa na M-Pesa Online (STK Push). amount: whole KES. phone: 2547XXXXXXXX / 2541XXXXXXXX. */
  stkPush(input: {
    phone: string;
    amount: number;
    accountReference: string;
    description: string;
    callbackUrl: string;
  }): Promise<{ merchantRequestId: string; checkoutRequestId: string; customerMessage: string }>;
  /** STK Push Query: resultCode null while the customer has not answered yet. */
  stkQuery(checkoutRequestId: string): Promise<{ resultCode: number | null; resultDesc: string }>;
  /** B2C payment request; the outcome arrives later at resultUrl (or queueTimeoutUrl). */
  b2cPayment(input: {
    phone: string;
    amount: number;
    originatorConversationId: string;
    remarks: string;
    resultUrl: string;
    queueTimeoutUrl: string;
  }): Promise<{ conversationId: string; originatorConversationId: string }>;
  /** Transaction Status query for a B2C payment by its originator conversation id; the answer arrives at resultUrl. */
  transactionStatus(input: {
    originatorConversationId: string;
    resultUrl: string;
    queueTimeoutUrl: string;
  }): Promise<{ conversationId: string; originatorConversationId: string }>;
}

export interface DarajaClientOptions extends Omit<DarajaConfig, 'sandbox'> {
  fetch?: typeof fetch;
  /** Where the instances share the access token (ADR 0074); this process's own without it. */
  tokenStore?: TokenStore;
}

/** Daraja refused the request (status and its errorCode or ResponseCode), or could not be reached (status 0). */
export class DarajaError extends ProviderError {
  override name = 'DarajaError';
}

/** Daraja's answer to STK Push Query while the customer has not entered a PIN yet. */
export const STK_QUERY_PENDING_CODE = '500.001.1001';

const PHONE = /^254[17]\d{8}$/;

function wholeShillings(amount: number): number {
  if (!Number.isSafeInteger(amount) || amount < 1) {
    throw new RangeError(`M-Pesa moves whole shillings only, not ${amount}`);
  }
  return amount;
}

function mpesaPhone(phone: string): string {
  if (!PHONE.test(phone)) throw new RangeError('An M-Pesa phone number is 2547XXXXXXXX or 2541XXXXXXXX');
  return phone;
}

export function createDarajaClient(options: DarajaClientOptions): DarajaClient {
  const send = providerSend('daraja', options, {
    unreachable: (reason) => new DarajaError(`M-Pesa could not be reached: ${reason}`, 0, null),
    notJson: (status) => new DarajaError('M-Pesa answered with something that is not JSON', status, null),
  });

  function refused(status: number, body: Json): DarajaError {
    const code = body.errorCode ?? body.ResponseCode;
    const message = body.errorMessage ?? body.ResponseDescription ?? `M-Pesa answered ${status}`;
    return new DarajaError(text(message), status, code === undefined ? null : text(code));
  }

  const bearerCall = safaricomBearerCalls(send, options, refused, options.tokenStore);
  const call = (path: string, payload: Json) => bearerCall(path, { method: 'POST', body: payload });

  /** An accepted request: HTTP 200 and ResponseCode "0". */
  async function accepted(path: string, payload: Json): Promise<Json> {
    const { status, body } = await call(path, payload);
    if (status !== 200 || text(body.ResponseCode) !== '0') throw refused(status, body);
    return body;
  }

  return {
    async stkPush(input) {
      const amount = wholeShillings(input.amount);
      const phone = mpesaPhone(input.phone);
      const timestamp = darajaTimestamp();
      const body = await accepted('/mpesa/stkpush/v1/processrequest', {
        BusinessShortCode: options.shortCode,
        Password: stkPassword(options.shortCode, options.passkey, timestamp),
        Timestamp: timestamp,
        // A paybill is paid at its own short code; a till is paid at its number, under its store's
        // short code (which the Password is built on).
        TransactionType: options.tillNumber ? 'CustomerBuyGoodsOnline' : 'CustomerPayBillOnline',
        Amount: amount,
        PartyA: phone,
        PartyB: options.tillNumber ?? options.shortCode,
        PhoneNumber: phone,
        CallBackURL: input.callbackUrl,
        // Daraja's limits: 12 characters of reference, 13 of description.
        AccountReference: input.accountReference.slice(0, 12),
        TransactionDesc: input.description.slice(0, 13),
      });
      return {
        merchantRequestId: text(body.MerchantRequestID),
        checkoutRequestId: text(body.CheckoutRequestID),
        customerMessage: text(body.CustomerMessage),
      };
    },

    async stkQuery(checkoutRequestId) {
      const timestamp = darajaTimestamp();
      const { status, body } = await call('/mpesa/stkpushquery/v1/query', {
        BusinessShortCode: options.shortCode,
        Password: stkPassword(options.shortCode, options.passkey, timestamp),
        Timestamp: timestamp,
        CheckoutRequestID: checkoutRequestId,
      });
      // Daraja shares this code among several refusals; only this message means "not answered yet".
      if (
        text(body.errorCode) === STK_QUERY_PENDING_CODE &&
        /being processed/i.test(text(body.errorMessage))
      ) {
        return { resultCode: null, resultDesc: text(body.errorMessage) };
      }
      if (status !== 200 || text(body.ResponseCode) !== '0') throw refused(status, body);
      const resultCode = Number(body.ResultCode);
      if (body.ResultCode === undefined || !Number.isInteger(resultCode)) {
        throw new DarajaError('M-Pesa answered the query without a ResultCode', status, null);
      }
      return { resultCode, resultDesc: text(body.ResultDesc) };
    },

    async b2cPayment(input) {
      const amount = wholeShillings(input.amount);
      const phone = mpesaPhone(input.phone);
      const body = await accepted('/mpesa/b2c/v3/paymentrequest', {
        OriginatorConversationID: input.originatorConversationId,
        InitiatorName: options.initiatorName,
        SecurityCredential: options.securityCredential,
        CommandID: 'BusinessPayment',
        Amount: amount,
        PartyA: options.b2cShortCode,
        PartyB: phone,
        Remarks: input.remarks.slice(0, 100),
        QueueTimeOutURL: input.queueTimeoutUrl,
        ResultURL: input.resultUrl,
        Occassion: '',
      });
      return {
        conversationId: text(body.ConversationID),
        originatorConversationId: text(body.OriginatorConversationID) || input.originatorConversationId,
      };
    },

    async transactionStatus(input) {
      const body = await accepted('/mpesa/transactionstatus/v1/query', {
        Initiator: options.initiatorName,
        SecurityCredential: options.securityCredential,
        CommandID: 'TransactionStatusQuery',
        OriginalConversationID: input.originatorConversationId,
        PartyA: options.b2cShortCode,
        IdentifierType: '4',
        ResultURL: input.resultUrl,
        QueueTimeOutURL: input.queueTimeoutUrl,
        Remarks: 'Status of a payout',
        Occasion: '',
      });
      return {
        conversationId: text(body.ConversationID),
        originatorConversationId: text(body.OriginatorConversationID),
      };
    },
  };
}

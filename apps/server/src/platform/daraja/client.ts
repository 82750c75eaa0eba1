/**
 * Safaricom Daraja over fetch: OAuth client credentials, STK Push (Lipa na M-Pesa Online), STK Push
 * Query, B2C and Transaction Status. The same code talks to the built-in sandbox and to Safaricom;
 * only the base URL and credentials differ (docs/mpesa-sandbox.md).
 */
import { providerFetch } from '../provider-fetch.ts';
import { darajaTimestamp, stkPassword } from './time.ts';
import { createTokenCache } from './token.ts';

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

export interface DarajaClientOptions {
  baseUrl: string;
  consumerKey: string;
  consumerSecret: string;
  /** The Lipa na M-Pesa Online (paybill or till) short code. */
  shortCode: string;
  passkey: string;
  /** The short code B2C payments leave from. */
  b2cShortCode: string;
  initiatorName: string;
  /** The initiator's password encrypted with Safaricom's public certificate, base64. */
  securityCredential: string;
  fetch?: typeof fetch;
}

/** Daraja refused the request (status and its errorCode or ResponseCode), or could not be reached (status 0). */
export class DarajaError extends Error {
  readonly status: number;
  readonly code: string | null;

  constructor(message: string, status: number, code: string | null) {
    super(message);
    this.name = 'DarajaError';
    this.status = status;
    this.code = code;
  }
}

/** Daraja's answer to STK Push Query while the customer has not entered a PIN yet. */
export const STK_QUERY_PENDING_CODE = '500.001.1001';

/** Daraja's answer is waited for this long at most: a request older than this has ended, one way or the other. */
export const REQUEST_TIMEOUT_MS = 10_000;
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

type Json = Record<string, unknown>;

const text = (value: unknown): string => (value === undefined || value === null ? '' : String(value));

export function createDarajaClient(options: DarajaClientOptions): DarajaClient {
  const doFetch = providerFetch('daraja', options.fetch ?? fetch);
  const baseUrl = options.baseUrl.replace(/\/$/, '');

  async function send(path: string, init: RequestInit): Promise<{ status: number; body: Json }> {
    let response: Response;
    let raw: string;
    try {
      response = await doFetch(`${baseUrl}${path}`, {
        ...init,
        signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
      });
      raw = await response.text();
    } catch (error) {
      const reason = (error as Error).name === 'TimeoutError' ? 'timed out' : (error as Error).message;
      throw new DarajaError(`M-Pesa could not be reached: ${reason}`, 0, null);
    }
    let body: Json = {};
    try {
      const parsed: unknown = raw ? JSON.parse(raw) : {};
      if (parsed && typeof parsed === 'object') body = parsed as Json;
    } catch {
      if (response.ok)
        throw new DarajaError('M-Pesa answered with something that is not JSON', response.status, null);
    }
    return { status: response.status, body };
  }

  function refused(status: number, body: Json): DarajaError {
    const code = body.errorCode ?? body.ResponseCode;
    const message = body.errorMessage ?? body.ResponseDescription ?? `M-Pesa answered ${status}`;
    return new DarajaError(text(message), status, code === undefined ? null : text(code));
  }

  const tokens = createTokenCache(async () => {
    const basic = Buffer.from(`${options.consumerKey}:${options.consumerSecret}`).toString('base64');
    const { status, body } = await send('/oauth/v1/generate?grant_type=client_credentials', {
      method: 'GET',
      headers: { authorization: `Basic ${basic}`, accept: 'application/json' },
    });
    if (status !== 200 || typeof body.access_token !== 'string') throw refused(status, body);
    return { accessToken: body.access_token, expiresInSeconds: Number(body.expires_in) };
  });

  async function call(path: string, payload: Json): Promise<{ status: number; body: Json }> {
    const post = async (bearer: string) =>
      send(path, {
        method: 'POST',
        headers: {
          authorization: `Bearer ${bearer}`,
          'content-type': 'application/json',
          accept: 'application/json',
        },
        body: JSON.stringify(payload),
      });
    const used = await tokens.get();
    const first = await post(used);
    if (first.status !== 401) return first;
    // The token was revoked or expired early: renew it once (unless another call already did) and retry.
    tokens.discard(used);
    return post(await tokens.get());
  }

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
        TransactionType: 'CustomerPayBillOnline',
        Amount: amount,
        PartyA: phone,
        PartyB: options.shortCode,
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

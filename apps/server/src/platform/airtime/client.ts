/**
 * Safaricom airtime (carrier billing) over fetch: OAuth client credentials as on Daraja, a charge
 * request whose result arrives later at our callback URL, and charge look-ups for reconciliation.
 * The protocol is documented in docs/airtime-sandbox.md; the same code talks to the built-in
 * sandbox and to the real service, only the base URL and credentials differ.
 */
import { safaricomBearerCalls } from '../daraja/bearer.ts';
import { type Json, ProviderError, providerSend, text } from '../provider-fetch.ts';

export type AirtimeChargeStatus = 'PENDING' | 'SUCCESS' | 'FAILED';

/** A charge as the carrier knows it now. */
export interface AirtimeCharge {
  chargeId: string;
  reference: string;
  msisdn: string;
  /** Whole KES. */
  amount: number;
  status: AirtimeChargeStatus;
  /** null while PENDING (the subscriber has not answered the confirmation prompt yet). */
  resultCode: number | null;
  resultDesc: string;
  completedAt: Date | null;
}

export interface AirtimeClient {
  /**
   * POST /v1/charges: asks the subscriber to confirm, then deducts the amount from their airtime.
   * The outcome arrives at callbackUrl. Idempotent by reference: the same reference with the same
   * msisdn and amount answers the first charge's id and charges nothing more.
   */
  charge(input: {
    /** 2547XXXXXXXX / 2541XXXXXXXX */
    msisdn: string;
    /** Whole KES, 1 to 10,000. */
    amount: number;
    /** Ours, unique per payment. */
    reference: string;
    description: string;
    callbackUrl: string;
  }): Promise<{ chargeId: string; status: 'ACCEPTED' }>;
  /** GET /v1/charges/:chargeId */
  getCharge(chargeId: string): Promise<AirtimeCharge>;
  /** GET /v1/charges?reference=...: null when the carrier never received the charge request. */
  findCharge(reference: string): Promise<AirtimeCharge | null>;
}

/** What finance reads of the carrier: the charges completed in a period, a page at a time. */
export interface AirtimeReports {
  /** GET /v1/charges?from=...&to=...&page=...: charges completed in [from, to), oldest first. */
  listCharges(input: { from: Date; to: Date; page: number }): Promise<{
    charges: AirtimeCharge[];
    page: number;
    pageCount: number;
  }>;
}

export interface AirtimeClientOptions {
  baseUrl: string;
  consumerKey: string;
  consumerSecret: string;
  fetch?: typeof fetch;
}

/** The carrier refused the request (status and errorCode), or could not be reached (status 0). */
export class AirtimeError extends ProviderError {
  override name = 'AirtimeError';
}

/** The range the carrier accepts for one charge, whole KES. */
export const AIRTIME_MIN_AMOUNT = 1;
export const AIRTIME_MAX_AMOUNT = 10_000;

const MSISDN = /^254[17]\d{8}$/;

function chargeOf(body: Json): AirtimeCharge {
  const status = text(body.status);
  if (status !== 'PENDING' && status !== 'SUCCESS' && status !== 'FAILED') {
    throw new AirtimeError(`The carrier answered an unknown charge status '${status}'`, 200, null);
  }
  const completedAt = body.completedAt ? new Date(text(body.completedAt)) : null;
  return {
    chargeId: text(body.chargeId),
    reference: text(body.reference),
    msisdn: text(body.msisdn),
    amount: Number(body.amount),
    status,
    resultCode: body.resultCode === null || body.resultCode === undefined ? null : Number(body.resultCode),
    resultDesc: text(body.resultDesc),
    completedAt: completedAt && !Number.isNaN(completedAt.getTime()) ? completedAt : null,
  };
}

export function createAirtimeClient(options: AirtimeClientOptions): AirtimeClient & AirtimeReports {
  const send = providerSend('airtime', options, {
    unreachable: (reason) => new AirtimeError(`Safaricom airtime could not be reached: ${reason}`, 0, null),
    notJson: (status) =>
      new AirtimeError('Safaricom airtime answered with something that is not JSON', status, null),
  });

  const refused = (status: number, body: Json) =>
    new AirtimeError(
      text(body.errorMessage) || `Safaricom airtime answered ${status}`,
      status,
      body.errorCode === undefined ? null : text(body.errorCode),
    );

  const call = safaricomBearerCalls(send, options, refused);

  return {
    async charge(input) {
      if (
        !Number.isSafeInteger(input.amount) ||
        input.amount < AIRTIME_MIN_AMOUNT ||
        input.amount > AIRTIME_MAX_AMOUNT
      ) {
        throw new RangeError(`An airtime charge is 1 to 10,000 whole shillings, not ${input.amount}`);
      }
      if (!MSISDN.test(input.msisdn))
        throw new RangeError('A Safaricom number is 2547XXXXXXXX or 2541XXXXXXXX');
      const { status, body } = await call('/v1/charges', {
        method: 'POST',
        body: {
          msisdn: input.msisdn,
          amount: input.amount,
          reference: input.reference,
          description: input.description.slice(0, 100),
          callbackUrl: input.callbackUrl,
        },
      });
      if ((status !== 200 && status !== 202) || body.status !== 'ACCEPTED' || !body.chargeId) {
        throw refused(status, body);
      }
      return { chargeId: text(body.chargeId), status: 'ACCEPTED' };
    },

    async getCharge(chargeId) {
      const { status, body } = await call(`/v1/charges/${encodeURIComponent(chargeId)}`, { method: 'GET' });
      if (status !== 200) throw refused(status, body);
      return chargeOf(body);
    },

    async listCharges(input) {
      const query = new URLSearchParams({
        from: input.from.toISOString(),
        to: input.to.toISOString(),
        page: String(input.page),
      });
      const { status, body } = await call(`/v1/charges?${query}`, { method: 'GET' });
      if (status !== 200 || !Array.isArray(body.charges)) throw refused(status, body);
      return {
        charges: (body.charges as Json[]).map(chargeOf),
        page: Number(body.page) || input.page,
        pageCount: Number(body.pageCount) || 1,
      };
    },

    async findCharge(reference) {
      const { status, body } = await call(`/v1/charges?reference=${encodeURIComponent(reference)}`, {
        method: 'GET',
      });
      if (status === 404) return null;
      if (status !== 200) throw refused(status, body);
      return chargeOf(body);
    },
  };
}

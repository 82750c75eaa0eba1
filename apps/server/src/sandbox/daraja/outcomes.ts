import { randomInt } from 'node:crypto';

/** What the sandbox does with a phone (the paying phone of an STK Push, the receiving phone of a B2C). */
export interface Outcome {
  resultCode: number;
  resultDesc: string;
  /** How many times the callback or result is posted: 0 = lost, 2 = duplicated. */
  deliveries: number;
  /** For the sandbox page and docs/mpesa-sandbox.md. */
  label: string;
}

const SUCCESS_DESC = 'The service request is processed successfully.';
const success = (label: string, deliveries = 1): Outcome => ({
  resultCode: 0,
  resultDesc: SUCCESS_DESC,
  deliveries,
  label,
});

/** The test phone table of docs/mpesa-sandbox.md ("Test phones"). Every other valid number succeeds. */
export const testPhones: Record<string, Outcome> = {
  '254700000001': {
    resultCode: 1032,
    resultDesc: 'Request cancelled by user',
    deliveries: 1,
    label: 'cancelled by the player',
  },
  '254700000002': {
    resultCode: 1,
    resultDesc: 'The balance is insufficient for the transaction.',
    deliveries: 1,
    label: 'insufficient funds',
  },
  '254700000003': {
    resultCode: 2001,
    resultDesc: 'The initiator information is invalid.',
    deliveries: 1,
    label: 'wrong PIN',
  },
  '254700000004': {
    resultCode: 1037,
    resultDesc: 'DS timeout user cannot be reached',
    deliveries: 1,
    label: 'phone unreachable',
  },
  '254700000005': {
    resultCode: 0,
    resultDesc: SUCCESS_DESC,
    deliveries: 0,
    label: 'success, callback never sent',
  },
  '254700000007': {
    resultCode: 1037,
    resultDesc: 'DS timeout user cannot be reached',
    deliveries: 0,
    label: 'phone unreachable, callback never sent',
  },
  '254700000006': {
    resultCode: 0,
    resultDesc: SUCCESS_DESC,
    deliveries: 2,
    label: 'success, callback sent twice',
  },
  '254700000017': {
    resultCode: 17,
    resultDesc: 'Rule limited.',
    deliveries: 1,
    label: 'rule limited: a like payment moments before',
  },
  '254700001001': {
    resultCode: 1001,
    resultDesc: 'Unable to lock subscriber, a transaction is already in process for the current subscriber',
    deliveries: 1,
    label: 'another M-Pesa session open on the phone',
  },
  '254700001019': {
    resultCode: 1019,
    resultDesc: 'Transaction has expired',
    deliveries: 1,
    label: 'the transaction expired',
  },
  '254700001025': {
    resultCode: 1025,
    resultDesc: 'An error occurred while sending a push request',
    deliveries: 1,
    label: 'the prompt could not be sent',
  },
  '254700009999': {
    resultCode: 9999,
    resultDesc: 'An error occurred while sending a push request',
    deliveries: 1,
    label: 'the prompt could not be sent (9999)',
  },
};

/** Daraja's refusal of a request, as it answers it: HTTP status and its error body. */
export interface Refusal {
  status: number;
  errorCode: string;
  errorMessage: string;
  /** For the sandbox page and docs/mpesa-sandbox.md. */
  label: string;
}

const serverError = (errorCode: string, errorMessage: string, label: string): Refusal => ({
  status: 500,
  errorCode,
  errorMessage,
  label,
});

/** Daraja's refusals of an STK Push, each documented one by the paying phone (docs/mpesa-sandbox.md). */
export const SUBSCRIBER_LOCKED = serverError(
  '500.001.1001',
  'Unable to lock subscriber, a transaction is already in process for the current subscriber',
  'refused: another transaction is in process on the phone',
);
export const MERCHANT_UNKNOWN = serverError(
  '500.001.1001',
  'Merchant does not exist',
  'refused: merchant does not exist',
);
/** A Password that is not base64(short code + passkey + Timestamp): the same refusal for a push and its query. */
export const WRONG_CREDENTIALS = serverError(
  '500.001.1001',
  'Wrong credentials',
  'refused: wrong credentials',
);
export const SPIKE_ARREST = serverError(
  '500.003.02',
  'Error Occurred: Spike Arrest Violation',
  'refused: spike arrest',
);

export const refusingPhones: Record<string, Refusal> = {
  '254700000011': SUBSCRIBER_LOCKED,
  '254700000012': MERCHANT_UNKNOWN,
  '254700000013': WRONG_CREDENTIALS,
  '254700000014': SPIKE_ARREST,
  '254700000015': serverError('500.003.03', 'Error Occurred - Quota Violation', 'refused: quota violation'),
};

/**
 * Phones 254700900000 to 254700999999 are answered by hand, like a player holding the phone: the STK
 * prompt waits until someone answers it on the sandbox page (or with
 * POST /sandbox/daraja/phones/{phone}/answer), and times out unanswered after PROMPT_TIMEOUT_MS.
 * A developer sees the waiting screen for as long as they like; a test answers when it has looked.
 */
export const ANSWERED_BY_HAND = /^2547009\d{5}$/;
export const PROMPT_TIMEOUT_MS = 2 * 60_000;

export const UNANSWERED: Outcome = {
  resultCode: 1037,
  resultDesc: 'DS timeout user cannot be reached',
  deliveries: 1,
  label: 'nobody answered: the prompt timed out',
};

/** What the person holding a hand-answered phone may do with the prompt. */
export const answers: Record<string, Outcome> = {
  pay: success('paid'),
  'pay-callback-lost': success('paid, callback never sent', 0),
  cancel: {
    resultCode: 1032,
    resultDesc: 'Request cancelled by user',
    deliveries: 1,
    label: 'cancelled',
  },
};

/** A B2C or status request whose initiator name or security credential is wrong: accepted, then failed. */
export const INVALID_INITIATOR: Outcome = {
  resultCode: 2001,
  resultDesc: 'The initiator information is invalid.',
  deliveries: 1,
  label: 'invalid initiator',
};

export const SUCCESS: Outcome = success('success');

export const outcomeFor = (phone: string): Outcome => testPhones[phone] ?? SUCCESS;

/**
 * What happens to a B2C request to a test phone on its way through Daraja, besides its outcome
 * (docs/mpesa-sandbox.md, "Payouts on their way"):
 * - `answer-lost` (254700000008): processed and paid, but the HTTP answer never reaches the caller.
 * - `queued` (254700001000 to 254700001099): the answer is lost and the request waits in Daraja's
 *   queue, where Transaction Status cannot find it, until the same OriginatorConversationID comes
 *   again (or QUEUED_FOR_MS pass): the repeat is taken and fails with ResultCode 15, and the first is
 *   paid.
 * - `queue-timeout` (254700000009): taken, then never processed: its QueueTimeOutURL is called,
 *   nothing is paid and Transaction Status cannot find it.
 */
export type PayoutPassage = 'normal' | 'answer-lost' | 'queued' | 'queue-timeout';
const QUEUED = /^2547000010\d{2}$/;
export const QUEUED_FOR_MS = 2 * 60_000;

export function payoutPassage(phone: string): PayoutPassage {
  if (phone === '254700000008') return 'answer-lost';
  if (phone === '254700000009') return 'queue-timeout';
  return QUEUED.test(phone) ? 'queued' : 'normal';
}

/** A B2C that timed out in Daraja's queue: never processed, nothing paid. */
export const QUEUE_TIMED_OUT: Outcome = {
  resultCode: 1,
  resultDesc: 'The request timed out in the queue and was not processed.',
  deliveries: 0,
  label: 'timed out in the queue, never processed',
};

/** Daraja's result for a repeated OriginatorConversationID its core caught. */
export const DUPLICATE_DETECTED = { resultCode: 15, resultDesc: 'Duplicate Detected' };

const LETTERS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';
const ALPHANUMERICS = `${LETTERS}0123456789`;

/** An M-Pesa receipt: 10 uppercase alphanumerics, starting with a letter (like NLJ7RT61SV). */
export function receiptNumber(): string {
  let receipt = LETTERS[randomInt(LETTERS.length)] as string;
  while (receipt.length < 10) receipt += ALPHANUMERICS[randomInt(ALPHANUMERICS.length)];
  return receipt;
}

const digits = (count: number) => Array.from({ length: count }, () => randomInt(10)).join('');
const hex = (count: number) => Array.from({ length: count }, () => randomInt(16).toString(16)).join('');

/** Shaped like Daraja's: 29115-34620561-1. */
export const merchantRequestId = () => `${randomInt(10_000, 100_000)}-${digits(8)}-${randomInt(1, 10)}`;
/** Shaped like Daraja's: ws_CO_191220191020363925. */
export const checkoutRequestId = (timestamp: string) =>
  `ws_CO_${timestamp.slice(6, 8)}${timestamp.slice(4, 6)}${timestamp.slice(0, 4)}${timestamp.slice(8)}${digits(10)}`;
/** Shaped like Daraja's: AG_20191219_00005797af5d7d75f652. */
export const conversationId = (timestamp: string) => `AG_${timestamp.slice(0, 8)}_${hex(20)}`;
/** Shaped like Daraja's: 16740-34861180-1. */
export const originatorConversationId = merchantRequestId;

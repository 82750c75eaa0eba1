import { paymentMessages } from '../../messages.ts';

/** How a prompt that did not complete ends: the player's own cancel, or a failure they may retry. */
export interface StkEnding {
  status: 'CANCELLED' | 'ERROR';
  message: string;
}

/**
 * Daraja's STK result codes (the callback's and STK Push Query's ResultCode) other than 0, each with
 * the intent's final state and what the player reads. Every one is final: no money moved, and the
 * player may start again. A code not listed fails with the general message.
 */
export const STK_RESULT_CODES: Readonly<Record<number, StkEnding & { meaning: string }>> = {
  1: { meaning: 'insufficient funds', status: 'ERROR', message: paymentMessages.mpesaInsufficientFunds },
  17: {
    meaning: 'rule limited: a like payment from this phone moments before',
    status: 'ERROR',
    message: paymentMessages.mpesaTooSoon,
  },
  1001: {
    meaning: 'unable to lock subscriber: another M-Pesa session is open on the phone',
    status: 'ERROR',
    message: paymentMessages.mpesaPhoneBusy,
  },
  1019: { meaning: 'the transaction expired', status: 'ERROR', message: paymentMessages.mpesaExpired },
  1025: {
    meaning: 'an error while sending the prompt',
    status: 'ERROR',
    message: paymentMessages.mpesaNotStarted,
  },
  1032: { meaning: 'cancelled by the player', status: 'CANCELLED', message: paymentMessages.mpesaCancelled },
  1037: {
    meaning: 'the phone could not be reached, or nobody answered in time',
    status: 'ERROR',
    message: paymentMessages.mpesaUnreachable,
  },
  2001: { meaning: 'wrong PIN', status: 'ERROR', message: paymentMessages.mpesaWrongPin },
  9999: {
    meaning: 'an error while sending the prompt',
    status: 'ERROR',
    message: paymentMessages.mpesaNotStarted,
  },
};

/** The ending of a prompt with this non-zero result code. */
export function stkEnding(resultCode: number): StkEnding {
  const known = STK_RESULT_CODES[resultCode];
  return known
    ? { status: known.status, message: known.message }
    : { status: 'ERROR', message: paymentMessages.mpesaFailed };
}

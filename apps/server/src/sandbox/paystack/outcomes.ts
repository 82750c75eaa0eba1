import { randomInt } from 'node:crypto';

/** What the sandbox does with a card number (the test card table of docs/card-sandbox.md). */
export interface CardOutcome {
  status: 'success' | 'failed';
  /** Paystack's gateway_response for it. */
  gatewayResponse: string;
  /** For the sandbox pages and docs/card-sandbox.md. */
  label: string;
  /** What a refund of a payment made with it comes to: processed unless the card says otherwise. */
  refunds?: 'failed';
  /** The answer to POST /refund never comes back, though the refund is made (a timeout, to the client). */
  refundAnswer?: 'lost';
}

export const testCards: Record<string, CardOutcome> = {
  '4242424242424242': { status: 'success', gatewayResponse: 'Successful', label: 'success' },
  '4000000000000077': {
    status: 'success',
    gatewayResponse: 'Successful',
    label: 'success; its refunds fail',
    refunds: 'failed',
  },
  '4000000000000119': {
    status: 'success',
    gatewayResponse: 'Successful',
    label: 'success; each refund is made but the answer to it is lost',
    refundAnswer: 'lost',
  },
  '4000000000000002': { status: 'failed', gatewayResponse: 'Declined', label: 'declined' },
  '4000000000009995': {
    status: 'failed',
    gatewayResponse: 'Insufficient Funds',
    label: 'insufficient funds',
  },
};

/** The outcome of a card number typed with or without spaces; undefined for a card not in the table. */
export const outcomeForCard = (typed: string): CardOutcome | undefined =>
  testCards[typed.replace(/[\s-]/g, '')];

/** The test card a transaction was paid with, by its last four digits. */
const cardEndingIn = (last4: string | null): CardOutcome | undefined =>
  last4 ? Object.entries(testCards).find(([card]) => card.endsWith(last4))?.[1] : undefined;

/** How a refund of a transaction paid with the card ending in `last4` ends. */
export const refundOutcomeFor = (last4: string | null): 'processed' | 'failed' =>
  cardEndingIn(last4)?.refunds ?? 'processed';

/** Whether the answer to a refund of a transaction paid with the card ending in `last4` is lost. */
export const isRefundAnswerLost = (last4: string | null): boolean =>
  cardEndingIn(last4)?.refundAnswer === 'lost';

/** "4242 4242 4242 4242" */
export const spaced = (card: string) => card.replace(/(\d{4})(?=\d)/g, '$1 ');

const LOWER = 'abcdefghijklmnopqrstuvwxyz0123456789';

/** Shaped like Paystack's access codes (lowercase letters and digits), long enough not to be guessed. */
export const accessCode = () => Array.from({ length: 16 }, () => LOWER[randomInt(LOWER.length)]).join('');

/** A numeric transaction id, like Paystack's. */
export const transactionId = () => String(randomInt(1_000_000_000, 9_999_999_999));

/** KES 1,250.00 from cents. */
export function formatAmount(currency: string, cents: number): string {
  const major = new Intl.NumberFormat('en-KE', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
  return `${currency} ${major.format(cents / 100)}`;
}

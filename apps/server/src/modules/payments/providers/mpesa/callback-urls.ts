/**
 * The Daraja callbacks we give out; each URL carries the callback secret (ADR 0009). Daraja refuses
 * callback URLs naming M-Pesa or Safaricom, so the paths name only what they are for (ADR 0075).
 */
export type CallbackKind = 'stk' | 'b2c/result' | 'b2c/timeout' | 'status/result' | 'status/timeout';
export const callbackKinds: readonly CallbackKind[] = [
  'stk',
  'b2c/result',
  'b2c/timeout',
  'status/result',
  'status/timeout',
];

const CALLBACKS = '/api/payments/callbacks';

/** Each kind's route, `:secret` where its secret goes. */
export const callbackRoutes: Readonly<Record<CallbackKind, string>> = {
  stk: `${CALLBACKS}/stk/:secret`,
  'b2c/result': `${CALLBACKS}/payout/:secret/result`,
  'b2c/timeout': `${CALLBACKS}/payout/:secret/timeout`,
  'status/result': `${CALLBACKS}/payout-status/:secret/result`,
  'status/timeout': `${CALLBACKS}/payout-status/:secret/timeout`,
};

/**
 * The routes given out before ADR 0075, still answered: a payout or a status query sent before the
 * change calls back there. No URL given out names them any more.
 */
export const formerCallbackRoute = (kind: CallbackKind) => `${CALLBACKS}/mpesa/:secret/${kind}`;

export type CallbackUrl = (kind: CallbackKind) => string;

/** The URLs carry the secret given out at the moment each is made (ADR 0054: it changes in a rotation). */
export function mpesaCallbackUrls(publicUrl: string, issuedSecret: () => string): CallbackUrl {
  return (kind) => `${publicUrl}${callbackRoutes[kind].replace(':secret', issuedSecret())}`;
}

/** The Daraja callbacks we give out; each URL carries the callback secret (ADR 0009). */
export type CallbackKind = 'stk' | 'b2c/result' | 'b2c/timeout' | 'status/result' | 'status/timeout';
export const callbackKinds: readonly CallbackKind[] = [
  'stk',
  'b2c/result',
  'b2c/timeout',
  'status/result',
  'status/timeout',
];

export type CallbackUrl = (kind: CallbackKind) => string;

/** The URLs carry the secret given out at the moment each is made (ADR 0054: it changes in a rotation). */
export function mpesaCallbackUrls(publicUrl: string, issuedSecret: () => string): CallbackUrl {
  return (kind) => `${publicUrl}/api/payments/callbacks/mpesa/${issuedSecret()}/${kind}`;
}

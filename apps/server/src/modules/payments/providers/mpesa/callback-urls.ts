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

export function mpesaCallbackUrls(config: { publicUrl: string; mpesaCallbackSecret: string }): CallbackUrl {
  return (kind) => `${config.publicUrl}/api/payments/callbacks/mpesa/${config.mpesaCallbackSecret}/${kind}`;
}

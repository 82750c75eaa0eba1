import { methodsByType, type PaymentMethodCode } from '@playon/shared/payments';

/** A payment intent's statuses: PENDING → IN_PROGRESS → one of the three final ones. */
export type IntentStatusValue = 'PENDING' | 'IN_PROGRESS' | 'COMPLETED' | 'ERROR' | 'CANCELLED';

/** The statuses each status may be reached from: the only transitions there are. */
export const predecessors: Record<IntentStatusValue, IntentStatusValue[]> = {
  PENDING: [],
  IN_PROGRESS: ['PENDING'],
  COMPLETED: ['PENDING', 'IN_PROGRESS'],
  ERROR: ['PENDING', 'IN_PROGRESS'],
  CANCELLED: ['PENDING', 'IN_PROGRESS'],
};

const FINAL: ReadonlySet<string> = new Set<IntentStatusValue>(['COMPLETED', 'ERROR', 'CANCELLED']);
export const isFinal = (status: string) => FINAL.has(status);

/**
 * Money we send to a phone by B2C: a withdrawal, or a refund an operator sends by M-Pesa. Both go
 * through the payout path (providers/mpesa/payout.ts) and are matched by their payout's ids.
 */
export const isPayout = (intent: { type: string; methodCode: string }) =>
  intent.type === 'WITHDRAWAL' || (intent.type === 'REFUND' && intent.methodCode === 'MPESA');

/** What a player pays for: the only intents a provider's charge (a card, an STK prompt, airtime) may belong to. */
export const CHARGE_TYPES = ['TOPUP', 'BOOST', 'SUBSCRIPTION'] as const;

/** The intent types a charge by `methodCode` pays for: a refund or a withdrawal never is one. */
export const chargeTypesPaidBy = (methodCode: PaymentMethodCode) =>
  CHARGE_TYPES.filter((type) => methodsByType[type].includes(methodCode));

/** A charge by `methodCode`: an intent of a type it pays for, paid with it. */
export const isChargeBy = (methodCode: PaymentMethodCode, intent: { type: string; methodCode: string }) =>
  intent.methodCode === methodCode && chargeTypesPaidBy(methodCode).some((type) => type === intent.type);

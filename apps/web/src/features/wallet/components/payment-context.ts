import {
  type PaymentMethodCode,
  paymentMethodCodes,
  type TransactionType,
  transactionTypes,
} from '@playon/shared/payment-kinds';

/** What the payment screens hand each other in the location state (docs/product.md, "Payment context"). */
export interface PaymentContext {
  type?: TransactionType;
  amount?: number;
  userId?: string;
  /** The friend's username as typed on the boost screen, to show whom the boost is for. */
  friendUsername?: string;
  subscriptionId?: string;
  paymentMethod?: PaymentMethodCode;
  paymentMethodId?: number;
  /** The history index of the screen the flow started from (the wallet), to return to it at the end. */
  flowStart?: number;
  /** That screen's path when it is not the wallet (the boost or subscriptions screen). */
  flowStartPath?: string;
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null;

/** A positive amount of KES with at most two decimals (a keypad amount, or a plan's daily price). */
const isKesAmount = (value: unknown): value is number =>
  typeof value === 'number' &&
  value > 0 &&
  Number.isSafeInteger(Math.round(value * 100)) &&
  Math.abs(Math.round(value * 100) - value * 100) < 1e-6;

/** docs/product.md ("Transaction") spells the top-up type TOP-UP as well as TOPUP; the wire says TOPUP. */
export function readTransactionType(value: unknown): TransactionType | undefined {
  const type = value === 'TOP-UP' ? 'TOPUP' : value;
  return transactionTypes.find((known) => known === type);
}

/** Reads a screen's location state, keeping only well-formed fields: a reload or a bad link may bring anything. */
export function readPaymentContext(state: unknown): PaymentContext {
  if (!isRecord(state)) return {};
  const context: PaymentContext = {};
  const type = readTransactionType(state.type);
  if (type) context.type = type;
  if (isKesAmount(state.amount)) context.amount = state.amount;
  if (typeof state.userId === 'string' && state.userId) context.userId = state.userId;
  if (typeof state.friendUsername === 'string' && state.friendUsername) {
    context.friendUsername = state.friendUsername;
  }
  if (typeof state.subscriptionId === 'string' || typeof state.subscriptionId === 'number') {
    context.subscriptionId = String(state.subscriptionId);
  }
  const method = paymentMethodCodes.find((code) => code === state.paymentMethod);
  if (method) context.paymentMethod = method;
  if (typeof state.paymentMethodId === 'number') context.paymentMethodId = state.paymentMethodId;
  if (typeof state.flowStart === 'number') context.flowStart = state.flowStart;
  if (typeof state.flowStartPath === 'string' && state.flowStartPath.startsWith('/')) {
    context.flowStartPath = state.flowStartPath;
  }
  return context;
}

/** A context complete enough to confirm: its type's own fields included (a boost's friend, a plan). */
export type PayableContext = PaymentContext &
  Required<Pick<PaymentContext, 'type' | 'amount' | 'paymentMethod' | 'paymentMethodId'>>;

export function isPayable(context: PaymentContext): context is PayableContext {
  const { type, amount, paymentMethod, paymentMethodId } = context;
  if (!type || !amount || !paymentMethod || paymentMethodId === undefined) return false;
  if (type === 'BOOST') return context.userId !== undefined;
  if (type === 'SUBSCRIPTION') return context.subscriptionId !== undefined;
  return true;
}

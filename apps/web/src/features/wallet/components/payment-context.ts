import {
  type PaymentMethodCode,
  paymentMethodCodes,
  type TransactionType,
  transactionTypes,
} from '@playon/shared/payments';

/** What the payment screens hand each other in the location state (spec section 3, "Payment context"). */
export interface PaymentContext {
  type?: TransactionType;
  amount?: number;
  userId?: string;
  subscriptionId?: string;
  paymentMethod?: PaymentMethodCode;
  paymentMethodId?: number;
  /** The history index of the screen the flow started from (the wallet), to return to it at the end. */
  flowStart?: number;
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null;

/** The spec spells the top-up type TOP-UP as well as TOPUP; the wire says TOPUP. */
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
  if (typeof state.amount === 'number' && Number.isInteger(state.amount) && state.amount > 0) {
    context.amount = state.amount;
  }
  if (typeof state.userId === 'string' && state.userId) context.userId = state.userId;
  if (typeof state.subscriptionId === 'string' || typeof state.subscriptionId === 'number') {
    context.subscriptionId = String(state.subscriptionId);
  }
  const method = paymentMethodCodes.find((code) => code === state.paymentMethod);
  if (method) context.paymentMethod = method;
  if (typeof state.paymentMethodId === 'number') context.paymentMethodId = state.paymentMethodId;
  if (typeof state.flowStart === 'number') context.flowStart = state.flowStart;
  return context;
}

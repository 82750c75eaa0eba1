import { formatAmount } from '@playon/shared/format';

/** A signed amount as the ledger shows it: + for money in, − for money out. */
export const signedKes = (amount: number) => `${amount < 0 ? '−' : '+'}${formatAmount(Math.abs(amount))}`;

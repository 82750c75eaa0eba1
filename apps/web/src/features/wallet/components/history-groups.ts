import { isShownInHistory, type WalletTransaction } from '@playon/shared/wallet';
import { formatDayInWords, formatTimeOfDay } from '../../../lib/format';

export interface HistoryGroup {
  /** The local calendar day, yyyy-mm-dd. */
  day: string;
  transactions: WalletTransaction[];
  /** The wallet's balance at the end of that day, when the balance now is known. */
  closingBalance?: number;
}

const dayOf = (date: Date): string =>
  `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, '0')}-${String(date.getDate()).padStart(2, '0')}`;

/**
 * The history: only transactions whose payments and payouts all succeeded (docs/product.md, "Transaction history") and
 * withdrawals on their way, grouped by the local day they were made, newest day first, in the order
 * the server sent them; with the balance now, each day's closing balance, so the days add up.
 */
export function groupHistory(
  transactions: readonly WalletTransaction[],
  balanceNow?: number,
): HistoryGroup[] {
  const groups = new Map<string, WalletTransaction[]>();
  for (const transaction of transactions) {
    if (!isShownInHistory(transaction)) continue;
    const day = dayOf(new Date(transaction.createdAt));
    const group = groups.get(day);
    if (group) group.push(transaction);
    else groups.set(day, [transaction]);
  }
  const sorted = [...groups]
    .map(([day, items]): HistoryGroup => ({ day, transactions: items }))
    .sort((a, b) => (a.day < b.day ? 1 : -1));
  if (balanceNow === undefined) return sorted;
  // Back from the balance now, day by day: each day's end is the next day's end less what it moved.
  let balance = toCents(balanceNow);
  for (const group of sorted) {
    group.closingBalance = balance / 100;
    for (const transaction of group.transactions) balance -= toCents(walletChange(transaction));
  }
  return sorted;
}

const toCents = (kes: number) => Math.round(kes * 100);

/** What a row did to the wallet, signed: nothing for a payment made by M-Pesa, card or airtime. */
export function walletChange(transaction: WalletTransaction): number {
  if (transaction.walletEffect === 'NONE') return 0;
  return transaction.direction === 'CREDIT' ? transaction.amount : -transaction.amount;
}

/** 'today', 'yesterday' or the day in words, such as '19 November 2026'. */
export function dayLabel(day: string, now: Date = new Date()): 'today' | 'yesterday' | string {
  if (day === dayOf(now)) return 'today';
  const yesterday = new Date(now.getFullYear(), now.getMonth(), now.getDate() - 1);
  if (day === dayOf(yesterday)) return 'yesterday';
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  return formatDayInWords(new Date(year, month - 1, date));
}

export const timeOf = (iso: string): string => formatTimeOfDay(new Date(iso));

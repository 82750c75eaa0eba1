import { LOCALE } from '@playon/shared/format';
import { isShownInHistory, type WalletTransaction } from '@playon/shared/wallet';

export interface HistoryGroup {
  /** The local calendar day, yyyy-mm-dd. */
  day: string;
  transactions: WalletTransaction[];
}

const dayOf = (date: Date): string =>
  `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, '0')}-${String(date.getDate()).padStart(2, '0')}`;

/**
 * The history: only transactions whose payments and payouts all succeeded (spec section 5), grouped
 * by the local day they were made, newest day first, in the order the server sent them.
 */
export function groupHistory(transactions: readonly WalletTransaction[]): HistoryGroup[] {
  const groups = new Map<string, WalletTransaction[]>();
  for (const transaction of transactions) {
    if (!isShownInHistory(transaction)) continue;
    const day = dayOf(new Date(transaction.createdAt));
    const group = groups.get(day);
    if (group) group.push(transaction);
    else groups.set(day, [transaction]);
  }
  return [...groups]
    .map(([day, items]) => ({ day, transactions: items }))
    .sort((a, b) => (a.day < b.day ? 1 : -1));
}

/** 'today', 'yesterday' or the day in words, such as '19 November 2026'. */
export function dayLabel(day: string, now: Date = new Date()): 'today' | 'yesterday' | string {
  if (day === dayOf(now)) return 'today';
  const yesterday = new Date(now.getFullYear(), now.getMonth(), now.getDate() - 1);
  if (day === dayOf(yesterday)) return 'yesterday';
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  return new Date(year, month - 1, date).toLocaleDateString(LOCALE, {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
  });
}

export const timeOf = (iso: string): string =>
  new Date(iso).toLocaleTimeString(LOCALE, { hour: '2-digit', minute: '2-digit' });

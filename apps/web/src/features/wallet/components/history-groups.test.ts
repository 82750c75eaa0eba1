import type { WalletTransaction } from '@playon/shared/wallet';
import { describe, expect, it } from 'vitest';
import { dayLabel, groupHistory } from './history-groups';

const row = (id: string, createdAt: string, legs: Partial<WalletTransaction> = {}): WalletTransaction => ({
  id,
  userId: 'p1',
  transactionDesc: id,
  transactionDescId: 'TOPUP_WALLET',
  payment: { successful: true, mpesaTransactionDate: null },
  payout: null,
  amount: 1,
  direction: 'CREDIT',
  walletEffect: 'MOVES',
  paidWith: null,
  createdAt,
  updatedAt: createdAt,
  ...legs,
});

describe('history grouping', () => {
  it('groups by local day, newest day first, keeping the server order within a day', () => {
    const groups = groupHistory([
      row('late', new Date(2026, 10, 21, 18).toISOString()),
      row('early', new Date(2026, 10, 21, 8).toISOString()),
      row('older', new Date(2026, 10, 19, 9).toISOString()),
    ]);
    expect(groups.map((group) => [group.day, group.transactions.map((t) => t.id)])).toEqual([
      ['2026-11-21', ['late', 'early']],
      ['2026-11-19', ['older']],
    ]);
  });

  it('keeps only transactions with a payment or payout where every one succeeded', () => {
    const at = new Date(2026, 10, 21, 9).toISOString();
    const groups = groupHistory([
      row('paid', at),
      row('paid-out', at, { payment: null, payout: { successful: true, transactionCompletedDateTime: at } }),
      row('payout-failed', at, {
        payment: { successful: true, mpesaTransactionDate: null },
        payout: { successful: false, transactionCompletedDateTime: null },
      }),
      row('nothing', at, { payment: null }),
    ]);
    expect(groups[0]?.transactions.map((t) => t.id)).toEqual(['paid', 'paid-out']);
  });

  it('labels today, yesterday, and older days in words', () => {
    const now = new Date(2026, 10, 21, 10);
    expect(dayLabel('2026-11-21', now)).toBe('today');
    expect(dayLabel('2026-11-20', now)).toBe('yesterday');
    expect(dayLabel('2026-11-01', now)).toBe('1 November 2026');
  });
});

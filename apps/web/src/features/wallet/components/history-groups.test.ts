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

  it('shows a withdrawal on its way, whose money has already left the balance', () => {
    const at = new Date(2026, 10, 21, 9).toISOString();
    const onItsWay = row('on-its-way', at, {
      direction: 'DEBIT',
      walletEffect: 'HELD',
      payment: null,
      payout: { successful: false, transactionCompletedDateTime: null },
    });
    expect(groupHistory([onItsWay])[0]?.transactions.map((t) => t.id)).toEqual(['on-its-way']);
  });

  it("closes each day on the balance: the next day's close less what that day moved, nothing for outside payments", () => {
    const groups = groupHistory(
      [
        row('boost-in', new Date(2026, 10, 21, 18).toISOString(), { amount: 40 }),
        row('gold-by-mpesa', new Date(2026, 10, 21, 10).toISOString(), {
          direction: 'DEBIT',
          walletEffect: 'NONE',
          paidWith: 'MPESA',
          amount: 50,
        }),
        row('withdrawal', new Date(2026, 10, 20, 9).toISOString(), {
          direction: 'DEBIT',
          payment: null,
          payout: { successful: true, transactionCompletedDateTime: null },
          amount: 105.5,
        }),
        row('top-up', new Date(2026, 10, 19, 9).toISOString(), { amount: 500 }),
      ],
      434.5,
    );
    expect(groups.map((group) => [group.day, group.closingBalance])).toEqual([
      ['2026-11-21', 434.5],
      ['2026-11-20', 394.5],
      ['2026-11-19', 500],
    ]);
    expect(
      groupHistory([row('top-up', new Date(2026, 10, 19).toISOString())])[0]?.closingBalance,
    ).toBeUndefined();
  });

  it('labels today, yesterday, and older days in words', () => {
    const now = new Date(2026, 10, 21, 10);
    expect(dayLabel('2026-11-21', now)).toBe('today');
    expect(dayLabel('2026-11-20', now)).toBe('yesterday');
    expect(dayLabel('2026-11-01', now)).toBe('1 November 2026');
  });
});

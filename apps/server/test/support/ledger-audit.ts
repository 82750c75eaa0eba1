import { expect } from 'vitest';
import { createWalletService } from '../../src/modules/wallet/service.ts';
import type { Db } from '../../src/platform/db.ts';

/** The ledger's invariants: every posting balanced, wallets never below zero, nothing created or lost. */
export async function expectLedgerSound(db: Db) {
  const { accounts, unbalanced } = await createWalletService(db).audit();
  expect(unbalanced).toEqual([]);
  for (const account of accounts.filter((a) => a.kind === 'WALLET')) {
    expect(account.balance).toBe(account.postingsSum);
    expect(account.balance >= 0n).toBe(true);
  }
  expect(accounts.reduce((sum, a) => sum + a.postingsSum, 0n)).toBe(0n);
}

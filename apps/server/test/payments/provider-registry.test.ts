import { reconciledProviders } from '@playon/shared/ops-money';
import { paymentMethodCodes } from '@playon/shared/payments';
import { describe, expect, it } from 'vitest';
import { paymentProviders, providerOfMethod } from '../../src/modules/payments/providers/compose.ts';
import { systemAccounts } from '../../src/modules/wallet/service.ts';

// Each payment provider is declared once (ADR 0077): one method, one clearing account, one name.
const providers = Object.values(paymentProviders);
const counts = (values: string[]) =>
  Object.fromEntries([...new Set(values)].map((value) => [value, values.filter((v) => v === value).length]));

describe('the payment providers', () => {
  it('give every method players pay a provider with exactly one provider; the wallet and PayPal none', () => {
    const owners = Object.fromEntries(
      paymentMethodCodes.map((code) => [code, providers.filter((p) => p.methodCode === code).length]),
    );
    expect(owners).toEqual({ WALLET: 0, MPESA: 1, CARD: 1, SAFARICOM_CREDIT: 1, PAYPAL: 0 });
    expect(providerOfMethod('SAFARICOM_CREDIT')?.name).toBe('AIRTIME');
    expect(providerOfMethod('WALLET')).toBeUndefined();
  });

  it('each pass through a clearing account of their own, seeded with the ledger', () => {
    const clearing = providers.map((provider) => provider.clearing);
    expect(Object.values(counts(clearing))).toEqual(clearing.map(() => 1));
    for (const account of clearing) expect(systemAccounts).toContain(account);
  });

  it('are each named once, as the daily reconciliation reports them', () => {
    const names = providers.map((provider) => provider.name);
    expect(Object.values(counts(names))).toEqual(names.map(() => 1));
    expect([...names].sort()).toEqual([...reconciledProviders].sort());
  });
});

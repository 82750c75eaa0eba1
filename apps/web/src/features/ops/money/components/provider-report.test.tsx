import type { ProviderReport } from '@playon/shared/ops-money';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ProviderReportCard } from './provider-report';

const refundId = '5d0c8a1e-3f7b-4c2a-9e61-2b9a7c4d8e10';
const card: ProviderReport = {
  provider: 'CARD',
  source: "the card gateway's transaction and refund lists",
  available: true,
  note: null,
  providerIn: 800,
  providerOut: 800,
  ledgerIn: 800,
  ledgerOut: 300,
  matched: 3,
  differences: [
    {
      provider: 'CARD',
      direction: 'OUT',
      reference: '4410027731',
      intentId: refundId,
      phone: null,
      providerAmount: 500,
      ledgerAmount: null,
      at: '2026-11-29T07:00:00.000Z',
      difference: 'reversed-in-ledger',
    },
  ],
};

describe('the card part of the daily reconciliation', () => {
  it('shows a refund the gateway paid and the ledger put back as money given twice', () => {
    render(<ProviderReportCard report={card} />);
    expect(screen.getByText('Refunded, and put back in the ledger')).toBeTruthy();
    expect(screen.getByText(/it was given twice/)).toBeTruthy();
    expect(screen.getByText('refund to the card')).toBeTruthy();
    expect(screen.getByText('Refunded')).toBeTruthy();
    expect(screen.getByText(new RegExp(refundId))).toBeTruthy();
  });
});

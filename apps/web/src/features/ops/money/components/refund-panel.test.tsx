import type { OpsPayment, PaymentDetail } from '@playon/shared/ops-money';
import { invalidSafaricomPhoneMessage } from '@playon/shared/payments';
import { fireEvent, render, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { storeUser } from '../../../../lib/session-store';
import { ok } from '../../../../test/factories';
import { fakeToken, stubFetch } from '../../../../test/fetch-stub';
import { RefundPanel } from './refund-panel';

const payment: OpsPayment = {
  id: '0b9f6a52-6a8c-4c52-8d5b-1f1f1f1f1f1f',
  type: 'SUBSCRIPTION',
  method: 'CARD',
  status: 'COMPLETED',
  amount: 150,
  fee: 0,
  phone: null,
  payerUid: 'p1',
  payerEmail: 'wanjiru@example.com',
  walletUid: 'p1',
  receipt: null,
  message: null,
  refundOf: null,
  refunded: 0,
  createdAt: '2026-11-29T07:00:00.000Z',
  updatedAt: '2026-11-29T07:00:00.000Z',
  providerCompletedAt: '2026-11-29T07:00:00.000Z',
};

const detail = (more: Partial<PaymentDetail> = {}): PaymentDetail => ({
  payment,
  timeline: [],
  refunds: [],
  refundable: 150,
  canAskProvider: false,
  refundToWalletAllowed: true,
  refundToCardAllowed: true,
  payerPhone: '254712345678',
  ...more,
});

function stubRefund() {
  storeUser({ id: 'u1', email: 'fin@example.com', name: '' });
  return stubFetch({
    'GET /api/auth/token': () => ({ status: 200, body: { token: fakeToken() } }),
    [`POST /api/ops/money/payments/${payment.id}/refund`]: () =>
      ok({ refund: payment, payment, subscriptionEnded: true, note: null }),
  });
}

describe("a payment's refund panel", () => {
  it('fills the M-Pesa number the player paid with, and says a wrong one before asking the reason', async () => {
    const calls = stubRefund();
    render(<RefundPanel detail={detail()} onDone={vi.fn(async () => {})} />);
    fireEvent.click(screen.getByLabelText('M-Pesa (B2C)'));
    const number = screen.getByLabelText('M-Pesa number (Safaricom)') as HTMLInputElement;
    expect(number.value).toBe('254712345678');
    expect(screen.getByText("The player's number from their payments: 254712345678.")).toBeTruthy();

    fireEvent.change(number, { target: { value: '0812 000 000' } });
    fireEvent.click(screen.getByRole('button', { name: 'Refund…' }));
    expect(screen.getByText(invalidSafaricomPhoneMessage)).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();

    fireEvent.change(number, { target: { value: '0722 000 001' } });
    fireEvent.click(screen.getByRole('button', { name: 'Refund…' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('KES 150.00 goes back to M-Pesa 254722000001.')).toBeTruthy();
    fireEvent.change(within(dialog).getByLabelText('Reason (kept in the audit log)'), {
      target: { value: 'Asked for M-Pesa' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Refund' }));
    await expect.poll(() => calls.find((call) => call.method === 'POST')).toBeTruthy();
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({
      destination: 'MPESA',
      mpesaPhoneNumber: '254722000001',
      reason: 'Asked for M-Pesa',
    });
  });

  it('offers the card for a card payment and sends the refund there', async () => {
    const calls = stubRefund();
    render(<RefundPanel detail={detail({ refundToWalletAllowed: false })} onDone={vi.fn(async () => {})} />);
    expect(screen.queryByLabelText("The payer's wallet")).toBeNull();
    fireEvent.click(screen.getByLabelText('The card it was paid with'));
    expect(screen.queryByLabelText('M-Pesa number (Safaricom)')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Refund…' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(/goes back to the card it was paid with/)).toBeTruthy();
    fireEvent.change(within(dialog).getByLabelText('Reason (kept in the audit log)'), {
      target: { value: 'Charged twice' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Refund' }));
    await expect
      .poll(() => calls.find((call) => call.method === 'POST')?.body)
      .toEqual({
        destination: 'CARD',
        reason: 'Charged twice',
      });
  });

  it('has no card choice for a payment not made by card, and no number to fill when none is known', () => {
    stubRefund();
    render(
      <RefundPanel
        detail={detail({
          refundToCardAllowed: false,
          payerPhone: null,
          payment: { ...payment, method: 'MPESA' },
        })}
        onDone={vi.fn(async () => {})}
      />,
    );
    expect(screen.queryByLabelText('The card it was paid with')).toBeNull();
    fireEvent.click(screen.getByLabelText('M-Pesa (B2C)'));
    expect((screen.getByLabelText('M-Pesa number (Safaricom)') as HTMLInputElement).value).toBe('');
    expect(screen.getByText(/PlayOn knows no M-Pesa number/)).toBeTruthy();
  });
});

import { formatAmount } from '@playon/shared/format';
import type { PaymentDetail } from '@playon/shared/ops-money';
import { type FormEvent, useState } from 'react';
import { Button } from '../../../../components/ui/button';
import { TextField } from '../../../../components/ui/text-field';
import { showToast } from '../../../../lib/toast';
import { ConfirmWithReason } from '../../components/confirm-with-reason';
import { refundPayment } from '../api/refund-payment';

interface RefundPanelProps {
  detail: PaymentDetail;
  onDone: () => Promise<void>;
}

/**
 * Refund a completed payment: to the payer's wallet, or by M-Pesa to a phone; all that is left or a
 * part. Confirmed with the reason typed, which the audit log keeps.
 */
export function RefundPanel({ detail, onDone }: RefundPanelProps) {
  const { payment, refundable, refundToWalletAllowed } = detail;
  const [destination, setDestination] = useState<'WALLET' | 'MPESA'>(
    refundToWalletAllowed ? 'WALLET' : 'MPESA',
  );
  const [amount, setAmount] = useState('');
  const [phone, setPhone] = useState(payment.phone ?? '');
  const [confirming, setConfirming] = useState(false);
  const kes = amount.trim() ? Number(amount) : refundable;
  const amountError =
    amount.trim() && !(kes > 0 && kes <= refundable) ? `Up to KES ${formatAmount(refundable)}.` : null;

  function review(event: FormEvent) {
    event.preventDefault();
    if (!amountError) setConfirming(true);
  }

  async function refund(reason: string) {
    const { message, payload } = await refundPayment(payment.id, {
      destination,
      ...(amount.trim() ? { amount: kes } : {}),
      ...(destination === 'MPESA' && phone.trim() ? { mpesaPhoneNumber: phone.trim() } : {}),
      reason,
    });
    showToast(payload.note ? `${message} ${payload.note}` : message, 'success');
    setAmount('');
    await onDone();
  }

  const where =
    destination === 'WALLET' ? "the payer's wallet" : `M-Pesa ${phone.trim() || payment.phone || ''}`.trim();
  return (
    <>
      <form onSubmit={review} className="flex flex-col gap-4 rounded-xl bg-surface p-4 ring-1 ring-line">
        <h2 className="text-base font-bold">Refund</h2>
        <p className="text-sm text-muted">
          KES {formatAmount(refundable)} may still be refunded. A refund is a new ledger entry; the payment
          itself is never changed.
        </p>
        <fieldset className="flex flex-wrap gap-4">
          <legend className="mb-1.5 text-sm font-medium text-muted">Send it to</legend>
          <label className="flex items-center gap-2">
            <input
              type="radio"
              name="destination"
              checked={destination === 'WALLET'}
              disabled={!refundToWalletAllowed}
              onChange={() => setDestination('WALLET')}
            />
            The payer's wallet
          </label>
          <label className="flex items-center gap-2">
            <input
              type="radio"
              name="destination"
              checked={destination === 'MPESA'}
              onChange={() => setDestination('MPESA')}
            />
            M-Pesa (B2C)
          </label>
        </fieldset>
        {!refundToWalletAllowed ? (
          <p className="text-sm text-muted">
            A top-up's money is in the wallet already: it goes back by M-Pesa.
          </p>
        ) : null}
        <div className="flex flex-wrap gap-3">
          <TextField
            label={`Amount in KES (empty: all ${formatAmount(refundable)})`}
            inputMode="decimal"
            value={amount}
            onChange={(event) => setAmount(event.target.value)}
            error={amountError}
            className="min-w-0 flex-1 basis-48"
          />
          {destination === 'MPESA' ? (
            <TextField
              label="M-Pesa number"
              inputMode="tel"
              value={phone}
              onChange={(event) => setPhone(event.target.value)}
              className="min-w-0 flex-1 basis-48"
            />
          ) : null}
        </div>
        <div className="flex justify-end">
          <Button type="submit">Refund…</Button>
        </div>
      </form>
      {confirming ? (
        <ConfirmWithReason
          title="Refund this payment"
          effect={`KES ${formatAmount(kes)} goes back to ${where}.`}
          confirmLabel="Refund"
          onConfirm={refund}
          onClose={() => setConfirming(false)}
        />
      ) : null}
    </>
  );
}

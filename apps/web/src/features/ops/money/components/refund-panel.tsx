import { formatAmount } from '@playon/shared/format';
import type { PaymentDetail, refundDestinations } from '@playon/shared/ops-money';
import { MpesaPhoneSchema } from '@playon/shared/payments';
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

type Destination = (typeof refundDestinations)[number];

const destinationLabels: Record<Destination, string> = {
  WALLET: "The payer's wallet",
  CARD: 'The card it was paid with',
  MPESA: 'M-Pesa (B2C)',
};

/** The phone as typed, checked as the server checks it: a Safaricom number, or why not. */
function checkPhone(typed: string): { phone: string; error: null } | { phone: null; error: string } {
  const parsed = MpesaPhoneSchema.safeParse(typed);
  if (parsed.success) return { phone: parsed.data, error: null };
  return { phone: null, error: parsed.error.issues[0]?.message ?? 'Enter a Safaricom number.' };
}

/**
 * Refund a completed payment: to the payer's wallet, back to the card it was paid with, or by M-Pesa
 * to a phone (the player's known one filled in, checked before the reason is asked); all that is left
 * or a part. Confirmed with the reason typed, which the audit log keeps.
 */
export function RefundPanel({ detail, onDone }: RefundPanelProps) {
  const { payment, refundable, refundToWalletAllowed, refundToCardAllowed, payerPhone } = detail;
  const allowed: Destination[] = [
    ...(refundToWalletAllowed ? (['WALLET'] as const) : []),
    ...(refundToCardAllowed ? (['CARD'] as const) : []),
    'MPESA',
  ];
  const [destination, setDestination] = useState<Destination>(allowed[0] ?? 'MPESA');
  const [amount, setAmount] = useState('');
  const [phone, setPhone] = useState(payerPhone ?? '');
  const [phoneError, setPhoneError] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  const kes = amount.trim() ? Number(amount) : refundable;
  const amountError =
    amount.trim() && !(kes > 0 && kes <= refundable) ? `Up to KES ${formatAmount(refundable)}.` : null;
  const checked = destination === 'MPESA' ? checkPhone(phone) : null;

  function review(event: FormEvent) {
    event.preventDefault();
    // A wrong number is said before the reason is asked for, not after.
    setPhoneError(checked?.error ?? null);
    if (!amountError && !checked?.error) setConfirming(true);
  }

  async function refund(reason: string) {
    const { message, payload } = await refundPayment(payment.id, {
      destination,
      ...(amount.trim() ? { amount: kes } : {}),
      ...(checked?.phone ? { mpesaPhoneNumber: checked.phone } : {}),
      reason,
    });
    showToast(payload.note ? `${message} ${payload.note}` : message, 'success');
    setAmount('');
    await onDone();
  }

  const where =
    destination === 'WALLET'
      ? "the payer's wallet"
      : destination === 'CARD'
        ? 'the card it was paid with, through the card gateway'
        : `M-Pesa ${checked?.phone ?? ''}`.trim();
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
          {allowed.map((option) => (
            <label key={option} className="flex items-center gap-2">
              <input
                type="radio"
                name="destination"
                checked={destination === option}
                onChange={() => {
                  setDestination(option);
                  setPhoneError(null);
                }}
              />
              {destinationLabels[option]}
            </label>
          ))}
        </fieldset>
        {!refundToWalletAllowed ? (
          <p className="text-sm text-muted">
            A top-up's money is in the wallet already: it goes back
            {refundToCardAllowed ? ' to the card or' : ''} by M-Pesa.
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
              label="M-Pesa number (Safaricom)"
              inputMode="tel"
              autoComplete="off"
              value={phone}
              onChange={(event) => {
                setPhone(event.target.value);
                setPhoneError(null);
              }}
              error={phoneError}
              hint={
                payerPhone
                  ? `The player's number from their payments: ${payerPhone}.`
                  : 'PlayOn knows no M-Pesa number for this player: type the one they gave.'
              }
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

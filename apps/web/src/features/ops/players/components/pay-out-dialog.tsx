import { formatAmount } from '@playon/shared/format';
import { opsMessages } from '@playon/shared/ops';
import { type FormEvent, useState } from 'react';
import { Dialog } from '../../../../components/ui/dialog';
import { TextField } from '../../../../components/ui/text-field';
import { showToast } from '../../../../lib/toast';
import { DialogFooter } from '../../components/dialog-footer';
import { ReasonField } from '../../components/reason-field';
import { useDialogAction } from '../../components/use-dialog-action';
import { payOut } from '../api/pay-out';

interface PayOutDialogProps {
  uid: string;
  balance: number;
  phone: string | null;
  onDone: () => Promise<void>;
  onClose: () => void;
}

/**
 * Before a deletion: the wallet paid out to the player's M-Pesa, as the largest amount the balance
 * covers with its fee. One Idempotency-Key per dialog, so a second press cannot pay twice.
 */
export function PayOutDialog({ uid, balance, phone: knownPhone, onDone, onClose }: PayOutDialogProps) {
  const [idempotencyKey] = useState(() => crypto.randomUUID());
  const [phone, setPhone] = useState(knownPhone ?? '');
  const [reason, setReason] = useState('');
  const { busy, error: failure, fieldErrors: errors, setFieldErrors: setErrors, run } = useDialogAction();

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (reason.trim().length < 3) {
      setErrors({ reason: opsMessages.reasonRequired });
      return;
    }
    setErrors({});
    await run(async () => {
      const { message, payload } = await payOut(
        uid,
        { mpesaPhoneNumber: phone, reason: reason.trim() },
        idempotencyKey,
      );
      showToast(
        `${message} KES ${formatAmount(payload.amount)} (fee KES ${formatAmount(payload.fee)}).`,
        'success',
      );
      await onDone();
      onClose();
    });
  }

  return (
    <Dialog title="Pay out the balance" onClose={onClose}>
      <form onSubmit={(event) => void submit(event)} className="flex flex-col gap-4">
        <p className="text-sm text-muted">
          KES {formatAmount(balance)} is in the wallet. The largest amount it covers with the withdrawal fee
          goes to this M-Pesa number, as an ordinary withdrawal.
        </p>
        <TextField
          label="M-Pesa number"
          inputMode="tel"
          value={phone}
          onChange={(event) => setPhone(event.target.value)}
          error={errors.mpesaPhoneNumber}
        />
        <ReasonField
          label="Reason (kept in the audit log)"
          value={reason}
          onChange={setReason}
          error={errors.reason}
        />
        <DialogFooter
          error={!errors.mpesaPhoneNumber ? null : failure}
          submitLabel="Pay out"
          isBusy={busy}
          onCancel={onClose}
        />
      </form>
    </Dialog>
  );
}

import { formatAmount } from '@playon/shared/format';
import type { UnmatchedCallback } from '@playon/shared/ops-money';
import { type FormEvent, useState } from 'react';
import { Button } from '../../../../components/ui/button';
import { Dialog } from '../../../../components/ui/dialog';
import { TextField } from '../../../../components/ui/text-field';
import { showToast } from '../../../../lib/toast';
import { ConfirmWithReason } from '../../components/confirm-with-reason';
import { resolveCallback } from '../api/resolve-callback';

interface CreditDialogProps {
  callback: UnmatchedCallback;
  onDone: () => Promise<void>;
  onClose: () => void;
}

/**
 * Credit a kept STK callback to the player it came from: first whose it is (their uid, from the
 * Players area), then the confirmation with the reason typed.
 */
export function CreditDialog({ callback, onDone, onClose }: CreditDialogProps) {
  const [uid, setUid] = useState('');
  const [confirming, setConfirming] = useState(false);

  function next(event: FormEvent) {
    event.preventDefault();
    if (uid.trim()) setConfirming(true);
  }

  async function credit(reason: string) {
    const { message } = await resolveCallback(callback.id, { uid: uid.trim(), reason });
    showToast(message, 'success');
    await onDone();
    onClose();
  }

  if (confirming)
    return (
      <ConfirmWithReason
        title="Credit to a player"
        effect={`KES ${formatAmount(callback.amount ?? 0)} (receipt ${callback.receipt ?? '—'}) becomes an M-Pesa top-up of ${uid.trim()}'s wallet. This can be done once.`}
        confirmLabel="Credit"
        onConfirm={credit}
        onClose={onClose}
      />
    );
  return (
    <Dialog title="Whose money is this?" onClose={onClose}>
      <form onSubmit={next} className="flex flex-col gap-4">
        <p className="text-sm text-muted">
          KES {formatAmount(callback.amount ?? 0)} came in from {callback.phone ?? 'an unknown phone'} and no
          payment has it. Find the player (Players, search by phone) and paste their uid.
        </p>
        <TextField label="Player uid" value={uid} onChange={(event) => setUid(event.target.value)} required />
        <div className="flex justify-end gap-2">
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit">Continue</Button>
        </div>
      </form>
    </Dialog>
  );
}

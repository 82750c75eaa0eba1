import { opsMessages } from '@playon/shared/ops';
import { type FormEvent, useState } from 'react';
import { Dialog } from '../../../components/ui/dialog';
import { DialogFooter } from './dialog-footer';
import { ReasonField } from './reason-field';
import { useDialogAction } from './use-dialog-action';

interface ConfirmWithReasonProps {
  title: string;
  /** What will happen, in a sentence the operator reads before confirming. */
  effect: string;
  confirmLabel: string;
  onConfirm: (reason: string) => Promise<void>;
  onClose: () => void;
}

/**
 * Every destructive or money action of the console: confirmed with its reason typed, which the
 * audit log keeps. The server's refusal shows in the dialog, and nothing is lost.
 */
export function ConfirmWithReason({
  title,
  effect,
  confirmLabel,
  onConfirm,
  onClose,
}: ConfirmWithReasonProps) {
  const [reason, setReason] = useState('');
  const { busy, error, setError, run } = useDialogAction();

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (reason.trim().length < 3) {
      setError(opsMessages.reasonRequired);
      return;
    }
    await run(async () => {
      await onConfirm(reason.trim());
      onClose();
    });
  }

  return (
    <Dialog title={title} onClose={onClose}>
      <form onSubmit={(event) => void submit(event)} className="flex flex-col gap-4">
        <p className="text-sm text-muted">{effect}</p>
        <ReasonField
          label="Reason (kept in the audit log)"
          value={reason}
          onChange={setReason}
          isInvalid={Boolean(error)}
        />
        <DialogFooter error={error} submitLabel={confirmLabel} isBusy={busy} onCancel={onClose} />
      </form>
    </Dialog>
  );
}

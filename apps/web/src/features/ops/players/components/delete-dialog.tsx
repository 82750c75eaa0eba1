import { formatAmount } from '@playon/shared/format';
import { opsMessages } from '@playon/shared/ops';
import { type FormEvent, useState } from 'react';
import { Dialog } from '../../../../components/ui/dialog';
import { showToast } from '../../../../lib/toast';
import { DialogFooter } from '../../components/dialog-footer';
import { ReasonField } from '../../components/reason-field';
import { useDialogAction } from '../../components/use-dialog-action';
import { deleteAccount } from '../api/delete-account';

interface DeleteDialogProps {
  uid: string;
  name: string;
  balance: number;
  onDone: () => Promise<void>;
  onClose: () => void;
}

/**
 * A data request's deletion, irreversible: confirmed with its reason typed; with money left in the
 * wallet, also why it stays (or the operator cancels and pays it out first).
 */
export function DeleteDialog({ uid, name, balance, onDone, onClose }: DeleteDialogProps) {
  const [reason, setReason] = useState('');
  const [balanceReason, setBalanceReason] = useState('');
  const { busy, error: failure, fieldErrors: errors, setFieldErrors: setErrors, run } = useDialogAction();
  const hasBalance = balance > 0;

  async function submit(event: FormEvent) {
    event.preventDefault();
    const missing: Record<string, string> = {};
    if (reason.trim().length < 3) missing.reason = opsMessages.reasonRequired;
    if (hasBalance && balanceReason.trim().length < 3) missing.balanceReason = opsMessages.reasonRequired;
    setErrors(missing);
    if (Object.keys(missing).length > 0) return;
    await run(async () => {
      const { message, payload } = await deleteAccount(uid, {
        reason: reason.trim(),
        ...(hasBalance ? { balanceReason: balanceReason.trim() } : {}),
      });
      const { removed } = payload;
      showToast(
        `${message} Removed ${removed.chatMessages} chat messages, ${removed.files} files and ${removed.notifications} notifications.`,
        'success',
      );
      await onDone();
      onClose();
    });
  }

  return (
    <Dialog title="Delete the account" onClose={onClose}>
      <form onSubmit={(event) => void submit(event)} className="flex flex-col gap-4">
        <p className="text-sm text-muted">
          {name}'s personal data is erased (e-mail, name, username, phone, date of birth, picture), their chat
          messages, uploads, notifications and feedback are removed and every session ends. Ledger entries and
          payments are kept: they are financial records. This cannot be undone.
        </p>
        <ReasonField
          label="Reason, e.g. the data request (kept in the audit log)"
          value={reason}
          onChange={setReason}
          error={errors.reason}
        />
        {hasBalance ? (
          <ReasonField
            label={`KES ${formatAmount(balance)} stays in the wallet. Why? (or cancel and pay it out first)`}
            value={balanceReason}
            onChange={setBalanceReason}
            error={errors.balanceReason}
          />
        ) : null}
        <DialogFooter
          error={!errors.balanceReason ? null : failure}
          submitLabel="Delete for good"
          isBusy={busy}
          onCancel={onClose}
        />
      </form>
    </Dialog>
  );
}

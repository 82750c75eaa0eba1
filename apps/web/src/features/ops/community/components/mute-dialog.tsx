import { MuteRequestSchema, muteChoices } from '@playon/shared/ops-community';
import { type FormEvent, useState } from 'react';
import { Dialog } from '../../../../components/ui/dialog';
import { DialogFooter } from '../../components/dialog-footer';
import { ReasonField } from '../../components/reason-field';
import { useDialogAction } from '../../components/use-dialog-action';

/** Mute a player in a room: for how long, and why (kept in the audit log). */
export function MuteDialog({
  playerLabel,
  roomName,
  onConfirm,
  onClose,
}: {
  playerLabel: string;
  roomName: string;
  onConfirm: (minutes: number, reason: string) => Promise<void>;
  onClose: () => void;
}) {
  const [minutes, setMinutes] = useState<number>(muteChoices[1].minutes);
  const [reason, setReason] = useState('');
  const { busy, error, setError, run } = useDialogAction();

  async function submit(event: FormEvent) {
    event.preventDefault();
    const parsed = MuteRequestSchema.safeParse({ userId: 'checked-by-the-server', minutes, reason });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? 'Please type the reason.');
      return;
    }
    await run(async () => {
      await onConfirm(parsed.data.minutes, parsed.data.reason);
      onClose();
    });
  }

  return (
    <Dialog title="Mute the player" onClose={onClose}>
      <form onSubmit={(event) => void submit(event)} className="flex flex-col gap-4">
        <p className="text-sm text-muted">
          {playerLabel} can still read {roomName}, but every message they send there is refused, with the time
          the mute ends, until then.
        </p>
        <label>
          <span className="mb-1.5 block text-sm font-medium text-muted">For</span>
          <select
            value={minutes}
            onChange={(event) => setMinutes(Number(event.target.value))}
            className="h-12 w-full rounded-xl border border-line bg-raised px-3 text-base"
          >
            {muteChoices.map((choice) => (
              <option key={choice.minutes} value={choice.minutes}>
                {choice.label}
              </option>
            ))}
          </select>
        </label>
        <ReasonField
          label="Reason (kept in the audit log)"
          value={reason}
          onChange={setReason}
          isInvalid={Boolean(error)}
        />
        <DialogFooter error={error} submitLabel="Mute" isBusy={busy} onCancel={onClose} />
      </form>
    </Dialog>
  );
}

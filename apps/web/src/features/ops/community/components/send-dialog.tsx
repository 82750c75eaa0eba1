import type { AudienceBroadcastRequest } from '@playon/shared/ops-audiences';
import type { BroadcastRequest } from '@playon/shared/ops-community';
import { useState } from 'react';
import { Dialog } from '../../../../components/ui/dialog';
import { DialogFooter } from '../../components/dialog-footer';
import { useDialogAction } from '../../components/use-dialog-action';
import { sendBroadcast } from '../api/send-broadcast';
import { sendToAudience } from '../api/send-to-audience';
import { AudiencePreview } from './audience-preview';

/** What is about to go: to everyone, a tournament's or a game's players, or a saved audience. */
export type Pending =
  | { request: BroadcastRequest; audienceId?: undefined; preview?: undefined }
  | { request: AudienceBroadcastRequest; audienceId: number; preview: string[] | undefined };

/**
 * The last look before a broadcast goes: who, how many, what. One Idempotency-Key per dialog, so a
 * double click (or a retry after a lost answer) sends it once.
 */
export function SendDialog({
  pending,
  audienceLabel,
  onSent,
  onClose,
}: {
  pending: Pending;
  audienceLabel: string;
  onSent: (message: string) => void;
  onClose: () => void;
}) {
  const [key] = useState(() => crypto.randomUUID());
  const { busy, error, run } = useDialogAction();
  const { request } = pending;

  const send = () =>
    run(async () => {
      const { message } =
        pending.audienceId === undefined
          ? await sendBroadcast(pending.request as BroadcastRequest, key)
          : await sendToAudience(pending.audienceId, pending.request, key);
      onSent(message);
      onClose();
    });

  return (
    <Dialog title="Send the broadcast" onClose={onClose}>
      <div className="flex flex-col gap-4">
        <p className="text-sm text-muted">
          {audienceLabel}:{' '}
          <strong className="text-text">{request.expectedRecipients.toLocaleString('en-GB')}</strong> players
          get it in the app, and by push on the phones where they turned notifications on. It cannot be taken
          back.
        </p>
        {pending.preview ? <AudiencePreview names={pending.preview} /> : null}
        <div className="rounded-xl bg-raised p-3 text-sm ring-1 ring-line">
          <p className="font-semibold break-words">{request.title}</p>
          <p className="break-words text-muted">{request.body}</p>
          {request.titleSw || request.bodySw ? (
            <div lang="sw" className="mt-2 border-t border-line pt-2">
              <p className="text-xs text-muted">In Kiswahili</p>
              <p className="font-semibold break-words">{request.titleSw ?? request.title}</p>
              <p className="break-words text-muted">{request.bodySw ?? request.body}</p>
            </div>
          ) : null}
          {request.url ? <p className="mt-1 text-xs break-all text-accent">Opens {request.url}</p> : null}
        </div>
        <DialogFooter
          error={error}
          submitLabel={`Send to ${request.expectedRecipients.toLocaleString('en-GB')}`}
          isBusy={busy}
          onCancel={onClose}
          onSubmit={() => void send()}
        />
      </div>
    </Dialog>
  );
}

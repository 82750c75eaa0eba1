import { mayDo, type OperatorRole } from '@playon/shared/ops';
import type { PlayerDetail } from '@playon/shared/ops-players';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Button } from '../../../../components/ui/button';
import { Dialog } from '../../../../components/ui/dialog';
import { showToast } from '../../../../lib/toast';
import { opsKeys } from '../../api/query-keys';
import { ConfirmWithReason } from '../../components/confirm-with-reason';
import { disablePlayer } from '../api/disable-player';
import { enablePlayer } from '../api/enable-player';
import { exportPlayerData } from '../api/export-player-data';
import { sendPasswordReset } from '../api/send-password-reset';
import { DeleteDialog } from './delete-dialog';
import { downloadJson } from './download-json';
import { PayOutDialog } from './pay-out-dialog';

type Open = 'disable' | 'enable' | 'reset' | 'export' | 'pay-out' | 'delete' | null;

/**
 * What an operator may do to the account: only the actions their role may do (docs/operations.md),
 * each confirmed, each checked and audited by the server.
 */
export function PlayerActions({ player, role }: { player: PlayerDetail; role: OperatorRole }) {
  const queryClient = useQueryClient();
  const [open, setOpen] = useState<Open>(null);
  const [busy, setBusy] = useState(false);
  const { uid, identity, profile } = player;
  const name = profile?.name ?? profile?.username ?? identity.email;
  const close = () => setOpen(null);
  const refresh = () => queryClient.invalidateQueries({ queryKey: opsKeys.players.all() });
  const isDeleted = identity.state === 'deleted';

  async function sendReset() {
    setBusy(true);
    try {
      const { message } = await sendPasswordReset(uid);
      showToast(message, 'success');
      close();
      await queryClient.invalidateQueries({ queryKey: opsKeys.audit() });
    } catch (error) {
      showToast(error instanceof Error ? error.message : String(error), 'error');
    } finally {
      setBusy(false);
    }
  }

  return (
    // One button a row on a phone, a wrapping row on a laptop.
    <div className="grid gap-2 sm:flex sm:flex-wrap">
      {isDeleted || !mayDo(role, 'player.disable') ? null : identity.state === 'disabled' ? (
        <Button variant="secondary" className="h-10" onClick={() => setOpen('enable')}>
          Enable
        </Button>
      ) : (
        <Button variant="secondary" className="h-10" onClick={() => setOpen('disable')}>
          Disable
        </Button>
      )}
      {isDeleted || !mayDo(role, 'player.password-reset') ? null : (
        <Button variant="secondary" className="h-10" onClick={() => setOpen('reset')}>
          Send password reset
        </Button>
      )}
      {mayDo(role, 'player.export') ? (
        <Button variant="secondary" className="h-10" onClick={() => setOpen('export')}>
          Export data (JSON)
        </Button>
      ) : null}
      {player.balance > 0 && mayDo(role, 'player.pay-out') ? (
        <Button variant="secondary" className="h-10" onClick={() => setOpen('pay-out')}>
          Pay out balance
        </Button>
      ) : null}
      {isDeleted || !mayDo(role, 'player.delete') ? null : (
        <Button variant="secondary" className="h-10" onClick={() => setOpen('delete')}>
          Delete account
        </Button>
      )}

      {open === 'disable' ? (
        <ConfirmWithReason
          title="Disable the account"
          effect={`${name} can no longer sign in, and every session ends now: the app and any open page stop at their next request.`}
          confirmLabel="Disable"
          onConfirm={async (reason) => {
            showToast((await disablePlayer(uid, reason)).message, 'success');
            await refresh();
          }}
          onClose={close}
        />
      ) : null}
      {open === 'enable' ? (
        <ConfirmWithReason
          title="Enable the account"
          effect={`${name} can sign in again.`}
          confirmLabel="Enable"
          onConfirm={async (reason) => {
            showToast((await enablePlayer(uid, reason)).message, 'success');
            await refresh();
          }}
          onClose={close}
        />
      ) : null}
      {open === 'reset' ? (
        <Dialog title="Send a password reset" onClose={close}>
          <div className="flex flex-col gap-4">
            <p className="text-sm text-muted">
              A mail with a link to choose a new password goes to {identity.email}. Their current password
              keeps working until they use the link.
            </p>
            <div className="flex justify-end gap-2">
              <Button variant="secondary" onClick={close}>
                Cancel
              </Button>
              <Button isBusy={busy} onClick={() => void sendReset()}>
                Send the mail
              </Button>
            </div>
          </div>
        </Dialog>
      ) : null}
      {open === 'export' ? (
        <ConfirmWithReason
          title="Export the player's data"
          effect="Everything PlayOn holds on this player downloads as one JSON file, for a data request under the Data Protection Act. The export is recorded in the audit log."
          confirmLabel="Export"
          onConfirm={async (reason) => {
            const { payload } = await exportPlayerData(uid, reason);
            downloadJson(`playon-player-${uid}.json`, payload);
            showToast('The export is downloaded.', 'success');
          }}
          onClose={close}
        />
      ) : null}
      {open === 'pay-out' ? (
        <PayOutDialog
          uid={uid}
          balance={player.balance}
          phone={profile?.phone ?? null}
          onDone={refresh}
          onClose={close}
        />
      ) : null}
      {open === 'delete' ? (
        <DeleteDialog uid={uid} name={name} balance={player.balance} onDone={refresh} onClose={close} />
      ) : null}
    </div>
  );
}

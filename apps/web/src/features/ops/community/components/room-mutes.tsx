import type { Mute } from '@playon/shared/ops-community';
import { useState } from 'react';
import { Button } from '../../../../components/ui/button';
import { showToast } from '../../../../lib/toast';
import { ConfirmWithReason } from '../../components/confirm-with-reason';
import { EmailText } from '../../components/email-text';
import { formatWhen } from '../../components/format';
import { PagedList } from '../../components/paged-list';
import { mutesQuery } from '../api/get-mutes';
import { liftMute } from '../api/lift-mute';

interface RoomMutesProps {
  chatRoomUid: string;
  name: string;
  /** After a mute is lifted: the room's lists and counts change. */
  onChanged: () => Promise<unknown>;
}

/** The players muted in a room now, each mute liftable. */
export function RoomMutes({ chatRoomUid, name, onChanged }: RoomMutesProps) {
  const [lifting, setLifting] = useState<Mute | null>(null);
  return (
    <>
      <PagedList<Mute>
        query={mutesQuery(chatRoomUid)}
        rowKey={(mute) => mute.uid}
        searchLabel="Search by player uid or reason"
        emptyText="Nobody is muted in this room."
        columns={[
          {
            header: 'Player',
            cell: (mute) => (
              <>
                <span className="block font-medium">{mute.playerName ?? 'A player'}</span>
                <span className="font-mono text-xs break-all text-muted">{mute.uid}</span>
              </>
            ),
          },
          { header: 'Until', cell: (mute) => formatWhen(mute.until) },
          { header: 'Reason', cell: (mute) => mute.reason },
          { header: 'By', cell: (mute) => <EmailText email={mute.byEmail} /> },
          {
            header: 'Actions',
            cell: (mute) => (
              <Button variant="secondary" className="h-10 px-3 text-sm" onClick={() => setLifting(mute)}>
                Lift
              </Button>
            ),
          },
        ]}
      />
      {lifting ? (
        <ConfirmWithReason
          title="Lift the mute"
          effect={`${lifting.playerName ?? 'The player'} can send messages to ${name} again, at once.`}
          confirmLabel="Lift"
          onConfirm={async (reason) => {
            const { message } = await liftMute(chatRoomUid, lifting.uid, reason);
            showToast(message, 'success');
            await onChanged();
          }}
          onClose={() => setLifting(null)}
        />
      ) : null}
    </>
  );
}

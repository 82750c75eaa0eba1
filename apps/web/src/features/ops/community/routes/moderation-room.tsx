import { type ModerationMessage, type Mute, moderationMessageFilters } from '@playon/shared/ops-community';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { Button } from '../../../../components/ui/button';
import { LoadError } from '../../../../components/ui/load-error';
import { Skeleton } from '../../../../components/ui/skeleton';
import { showToast } from '../../../../lib/toast';
import { opsKeys } from '../../api/query-keys';
import { ConfirmWithReason } from '../../components/confirm-with-reason';
import { formatWhen } from '../../components/format';
import { PagedList } from '../../components/paged-list';
import { useModerationRoom } from '../api/get-moderation-room';
import { mutesQuery } from '../api/get-mutes';
import { roomMessagesQuery } from '../api/get-room-messages';
import { hideMessage } from '../api/hide-message';
import { liftMute } from '../api/lift-mute';
import { mutePlayer } from '../api/mute-player';
import { MuteDialog } from '../components/mute-dialog';

const showLabels: Record<(typeof moderationMessageFilters)[number], string> = {
  shown: 'Shown to players',
  hidden: 'Hidden',
  all: 'All',
};

const senderOf = (message: ModerationMessage) =>
  message.senderName ?? (message.senderUsername ? `@${message.senderUsername}` : 'A player');

function MessageText({ message }: { message: ModerationMessage }) {
  if (message.chatType === 'TEXT')
    return <span className="whitespace-pre-wrap break-words">{message.message}</span>;
  return (
    <a href={message.message} target="_blank" rel="noreferrer" className="break-all text-accent">
      {message.chatType.toLowerCase()} attachment
    </a>
  );
}

/** One room: its messages, newest first, to hide one or mute its sender; the players muted there. */
export function Component() {
  const { chatRoomUid = '' } = useParams();
  const queryClient = useQueryClient();
  const room = useModerationRoom(chatRoomUid);
  const [view, setView] = useState<'messages' | 'mutes'>('messages');
  const [show, setShow] = useState<(typeof moderationMessageFilters)[number]>('shown');
  const [hiding, setHiding] = useState<ModerationMessage | null>(null);
  const [muting, setMuting] = useState<ModerationMessage | null>(null);
  const [lifting, setLifting] = useState<Mute | null>(null);
  const refresh = () => queryClient.invalidateQueries({ queryKey: opsKeys.community.rooms() });

  const back = (
    <Link to="/ops/community/moderation" className="text-sm font-medium text-accent">
      ← All rooms
    </Link>
  );
  if (room.isError)
    return (
      <div className="flex flex-col gap-4">
        {back}
        <LoadError onRetry={() => void room.refetch()} text={room.error.message} />
      </div>
    );
  if (!room.data)
    return (
      <div className="flex flex-col gap-4">
        {back}
        <Skeleton className="h-40 w-full rounded-xl" />
      </div>
    );
  const { name, memberCount, mutedCount } = room.data;

  return (
    <div className="flex flex-col gap-4">
      {back}
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 className="text-lg font-bold">{name}</h2>
        <p className="text-sm text-muted">
          {memberCount.toLocaleString('en-GB')} members · {mutedCount} muted now
        </p>
      </div>
      <div role="tablist" aria-label="Room" className="flex gap-2">
        {(
          [
            ['messages', 'Messages'],
            ['mutes', `Muted players (${mutedCount})`],
          ] as const
        ).map(([value, label]) => (
          <button
            key={value}
            type="button"
            role="tab"
            aria-selected={view === value}
            onClick={() => setView(value)}
            className={`h-10 rounded-full px-4 text-sm font-medium ring-1 ${view === value ? 'bg-brand/20 ring-brand' : 'text-muted ring-line'}`}
          >
            {label}
          </button>
        ))}
      </div>
      {view === 'messages' ? (
        <PagedList<ModerationMessage>
          key="messages"
          query={roomMessagesQuery(chatRoomUid, show)}
          rowKey={(message) => message.id}
          searchLabel="Search by text or player uid"
          emptyText="No message matches."
          filters={
            <label>
              <span className="mb-1.5 block text-sm font-medium text-muted">Show</span>
              <select
                value={show}
                onChange={(event) => setShow(event.target.value as typeof show)}
                className="h-11 rounded-xl border border-line bg-raised px-3 text-base"
              >
                {moderationMessageFilters.map((option) => (
                  <option key={option} value={option}>
                    {showLabels[option]}
                  </option>
                ))}
              </select>
            </label>
          }
          columns={[
            { header: 'Sent', cell: (message) => formatWhen(message.createdAt) },
            {
              header: 'From',
              cell: (message) => (
                <>
                  <span className="block font-medium">{senderOf(message)}</span>
                  {message.senderMutedUntil ? (
                    <span className="text-xs text-danger">
                      muted until {formatWhen(message.senderMutedUntil)}
                    </span>
                  ) : null}
                </>
              ),
            },
            {
              header: 'Message',
              cell: (message) => (
                <>
                  <MessageText message={message} />
                  {message.hiddenAt ? (
                    <span className="mt-1 block text-xs text-danger">
                      Hidden {formatWhen(message.hiddenAt)}: {message.hiddenReason}
                    </span>
                  ) : null}
                </>
              ),
            },
            {
              header: 'Actions',
              cell: (message) => (
                <span className="flex flex-wrap gap-2">
                  {message.hiddenAt ? null : (
                    <Button
                      variant="secondary"
                      className="h-10 px-3 text-sm"
                      onClick={() => setHiding(message)}
                    >
                      Hide
                    </Button>
                  )}
                  <Button
                    variant="secondary"
                    className="h-10 px-3 text-sm"
                    onClick={() => setMuting(message)}
                  >
                    Mute sender
                  </Button>
                </span>
              ),
            },
          ]}
        />
      ) : (
        <PagedList<Mute>
          key="mutes"
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
            { header: 'By', cell: (mute) => <span className="break-all">{mute.byEmail}</span> },
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
      )}
      {hiding ? (
        <ConfirmWithReason
          title="Hide the message"
          effect={`"${hiding.message.slice(0, 120)}" by ${senderOf(hiding)} goes from ${name} at once, for everyone with the room open. It stays in the record.`}
          confirmLabel="Hide"
          onConfirm={async (reason) => {
            const { message } = await hideMessage(chatRoomUid, hiding.id, reason);
            showToast(message, 'success');
            await refresh();
          }}
          onClose={() => setHiding(null)}
        />
      ) : null}
      {muting ? (
        <MuteDialog
          playerLabel={senderOf(muting)}
          roomName={name}
          onConfirm={async (minutes, reason) => {
            const { message } = await mutePlayer(chatRoomUid, { userId: muting.uid, minutes, reason });
            showToast(message, 'success');
            await refresh();
          }}
          onClose={() => setMuting(null)}
        />
      ) : null}
      {lifting ? (
        <ConfirmWithReason
          title="Lift the mute"
          effect={`${lifting.playerName ?? 'The player'} can send messages to ${name} again, at once.`}
          confirmLabel="Lift"
          onConfirm={async (reason) => {
            const { message } = await liftMute(chatRoomUid, lifting.uid, reason);
            showToast(message, 'success');
            await refresh();
          }}
          onClose={() => setLifting(null)}
        />
      ) : null}
    </div>
  );
}

import { type ModerationMessage, moderationMessageFilters } from '@playon/shared/ops-community';
import { useState } from 'react';
import { Link } from 'react-router';
import { Button } from '../../../../components/ui/button';
import { showToast } from '../../../../lib/toast';
import { ConfirmWithReason } from '../../components/confirm-with-reason';
import { formatWhen } from '../../components/format';
import { PagedList } from '../../components/paged-list';
import { roomMessagesQuery } from '../api/get-room-messages';
import { hideMessage } from '../api/hide-message';
import { mutePlayer } from '../api/mute-player';
import { MuteDialog } from './mute-dialog';

const showLabels: Record<MessageFilter, string> = {
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

export type MessageFilter = (typeof moderationMessageFilters)[number];

interface RoomMessagesProps {
  chatRoomUid: string;
  name: string;
  /** Shown, hidden or all: kept by the room, so it outlives a look at the mutes. */
  show: MessageFilter;
  onShow: (show: MessageFilter) => void;
  /** After a message is hidden or its sender muted: the room's lists and counts change. */
  onChanged: () => Promise<unknown>;
}

/** A room's messages, newest first, shown or hidden: hide one, or mute its sender. */
export function RoomMessages({ chatRoomUid, name, show, onShow, onChanged }: RoomMessagesProps) {
  const [hiding, setHiding] = useState<ModerationMessage | null>(null);
  const [muting, setMuting] = useState<ModerationMessage | null>(null);
  return (
    <>
      <PagedList<ModerationMessage>
        query={roomMessagesQuery(chatRoomUid, show)}
        rowKey={(message) => message.id}
        searchLabel="Search by text or player uid"
        emptyText="No message matches."
        filters={
          <label>
            <span className="mb-1.5 block text-sm font-medium text-muted">Show</span>
            <select
              value={show}
              onChange={(event) => onShow(event.target.value as MessageFilter)}
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
                <Link
                  to={`/ops/players/${encodeURIComponent(message.uid)}`}
                  className="block font-medium text-accent"
                >
                  {senderOf(message)}
                </Link>
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
                <Button variant="secondary" className="h-10 px-3 text-sm" onClick={() => setMuting(message)}>
                  Mute sender
                </Button>
              </span>
            ),
          },
        ]}
      />
      {hiding ? (
        <ConfirmWithReason
          title="Hide the message"
          effect={`"${hiding.message.slice(0, 120)}" by ${senderOf(hiding)} goes from ${name} at once, for everyone with the room open. It stays in the record.`}
          confirmLabel="Hide"
          onConfirm={async (reason) => {
            const { message } = await hideMessage(chatRoomUid, hiding.id, reason);
            showToast(message, 'success');
            await onChanged();
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
            await onChanged();
          }}
          onClose={() => setMuting(null)}
        />
      ) : null}
    </>
  );
}

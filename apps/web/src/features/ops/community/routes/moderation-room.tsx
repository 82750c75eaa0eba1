import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { LoadError } from '../../../../components/ui/load-error';
import { Skeleton } from '../../../../components/ui/skeleton';
import { opsKeys } from '../../api/query-keys';
import { useModerationRoom } from '../api/get-moderation-room';
import { type MessageFilter, RoomMessages } from '../components/room-messages';
import { RoomMutes } from '../components/room-mutes';

/** One room: its messages, newest first, to hide one or mute its sender; the players muted there. */
export function Component() {
  const { chatRoomUid = '' } = useParams();
  const queryClient = useQueryClient();
  const room = useModerationRoom(chatRoomUid);
  const [view, setView] = useState<'messages' | 'mutes'>('messages');
  const [show, setShow] = useState<MessageFilter>('shown');
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
        <RoomMessages
          key="messages"
          chatRoomUid={chatRoomUid}
          name={name}
          show={show}
          onShow={setShow}
          onChanged={refresh}
        />
      ) : (
        <RoomMutes key="mutes" chatRoomUid={chatRoomUid} name={name} onChanged={refresh} />
      )}
    </div>
  );
}

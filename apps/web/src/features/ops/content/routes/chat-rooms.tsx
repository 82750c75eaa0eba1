import type { OpsChatRoom } from '@playon/shared/ops-content';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Button } from '../../../../components/ui/button';
import { opsKeys } from '../../api/query-keys';
import { ConfirmWithReason } from '../../components/confirm-with-reason';
import { PagedList } from '../../components/paged-list';
import { archiveChatRoom } from '../api/archive-chat-room';
import { chatRoomsQuery } from '../api/get-chat-rooms';
import { RoomDialog } from '../components/room-dialog';

/** Chat rooms: create, rename, change the icon, archive. */
export function Component() {
  const queryClient = useQueryClient();
  const [editing, setEditing] = useState<OpsChatRoom | 'new' | null>(null);
  const [archiving, setArchiving] = useState<OpsChatRoom | null>(null);
  return (
    <div className="flex flex-col gap-4">
      <div className="flex justify-end">
        <Button onClick={() => setEditing('new')}>New chat room</Button>
      </div>
      <PagedList<OpsChatRoom>
        query={chatRoomsQuery}
        rowKey={(room) => String(room.id)}
        searchLabel="Search by name"
        emptyText="No chat room matches."
        onRowClick={(room) => (room.archivedAt ? undefined : setEditing(room))}
        columns={[
          {
            header: 'Room',
            cell: (room) => (
              <span className="flex items-center gap-3">
                <img src={room.icon} alt="" className="size-10 shrink-0 rounded-lg bg-raised" />
                <span className="font-medium">{room.name}</span>
              </span>
            ),
          },
          { header: 'Members', cell: (room) => room.memberCount.toLocaleString('en-GB') },
          { header: 'State', cell: (room) => (room.archivedAt ? 'Archived' : 'Open') },
        ]}
      />
      {editing ? (
        <RoomDialog
          {...(editing === 'new' ? {} : { room: editing })}
          onClose={() => setEditing(null)}
          onArchive={() => {
            if (editing !== 'new') setArchiving(editing);
            setEditing(null);
          }}
        />
      ) : null}
      {archiving ? (
        <ConfirmWithReason
          title="Archive the room"
          effect={`${archiving.name} leaves the players' list: its ${archiving.memberCount} members can no longer read or write in it, and nobody can join. Its messages are kept.`}
          confirmLabel="Archive"
          onConfirm={async (reason) => {
            await archiveChatRoom(archiving.id, reason);
            await queryClient.invalidateQueries({ queryKey: opsKeys.content.chatRooms() });
          }}
          onClose={() => setArchiving(null)}
        />
      ) : null}
    </div>
  );
}

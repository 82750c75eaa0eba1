import { ChatRoomFormSchema, type OpsChatRoom } from '@playon/shared/ops-content';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Button } from '../../../../components/ui/button';
import { TextField } from '../../../../components/ui/text-field';
import { opsKeys } from '../../api/query-keys';
import { ConfirmWithReason } from '../../components/confirm-with-reason';
import { FormDialog } from '../../components/form-dialog';
import { PagedList } from '../../components/paged-list';
import { useConsoleForm } from '../../components/use-console-form';
import { addChatRoom } from '../api/add-chat-room';
import { archiveChatRoom } from '../api/archive-chat-room';
import { chatRoomsQuery } from '../api/get-chat-rooms';
import { saveChatRoom } from '../api/save-chat-room';
import { ImageField } from '../components/image-field';

function RoomDialog({
  room,
  onClose,
  onArchive,
}: {
  room?: OpsChatRoom;
  onClose: () => void;
  onArchive: () => void;
}) {
  const queryClient = useQueryClient();
  const [value, setValue] = useState({
    name: room?.name ?? '',
    nameSw: room?.nameSw ?? '',
    icon: room?.icon ?? '',
  });
  const form = useConsoleForm(ChatRoomFormSchema, async (body) => {
    const { message } = room ? await saveChatRoom(room.id, body) : await addChatRoom(body);
    await queryClient.invalidateQueries({ queryKey: opsKeys.content.chatRooms() });
    return message;
  });
  return (
    <FormDialog
      title={room ? 'Edit the room' : 'New chat room'}
      onClose={onClose}
      busy={form.busy}
      formError={form.formError}
      onSubmit={() => void form.submit(value).then((ok) => ok && onClose())}
    >
      <TextField
        label="Name"
        value={value.name}
        error={form.errors.name}
        onChange={(event) => {
          const text = event.target.value;
          setValue((current) => ({ ...current, name: text }));
        }}
      />
      <TextField
        label="Name in Kiswahili (optional; players reading Kiswahili see the English without it)"
        lang="sw"
        value={value.nameSw}
        error={form.errors.nameSw}
        onChange={(event) => {
          const text = event.target.value;
          setValue((current) => ({ ...current, nameSw: text }));
        }}
      />
      <ImageField
        label="Icon"
        value={value.icon}
        error={form.errors.icon}
        onChange={(icon) => setValue((current) => ({ ...current, icon }))}
      />
      {room ? (
        <Button variant="secondary" onClick={onArchive}>
          Archive the room
        </Button>
      ) : null}
    </FormDialog>
  );
}

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

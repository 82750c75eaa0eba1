import { ChatRoomFormSchema, type OpsChatRoom } from '@playon/shared/ops-content';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Button } from '../../../../components/ui/button';
import { TextField } from '../../../../components/ui/text-field';
import { opsKeys } from '../../api/query-keys';
import { FormDialog } from '../../components/form-dialog';
import { bindTexts, KiswahiliField } from '../../components/text-fields';
import { useConsoleForm } from '../../components/use-console-form';
import { addChatRoom } from '../api/add-chat-room';
import { saveChatRoom } from '../api/save-chat-room';
import { ImageField } from './image-field';

/** A chat room, new or edited: its names and icon; an edited one may be archived from here. */
export function RoomDialog({
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
  const field = bindTexts(value, setValue, form.errors);
  return (
    <FormDialog
      title={room ? 'Edit the room' : 'New chat room'}
      onClose={onClose}
      busy={form.busy}
      formError={form.formError}
      onSubmit={() => void form.submit(value).then((ok) => ok && onClose())}
    >
      <TextField label="Name" {...field('name')} />
      <KiswahiliField of="Name" {...field('nameSw')} />
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

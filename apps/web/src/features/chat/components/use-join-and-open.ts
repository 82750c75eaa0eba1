import type { ChatRoom } from '@playon/shared/chat';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { errorText } from '../../../lib/api-error';
import { toast } from '../../../lib/toast';
import translator from '../../../lib/translation';
import { isAlreadyJoined, markJoined, useJoinChatRoom } from '../api/join-chat-room';

/**
 * Joins a room and opens it. A room the player turns out to be in already (the server's 409) opens too,
 * after saying so; any other failure is shown and the player stays where they are.
 */
export function useJoinAndOpen(onJoined?: (room: ChatRoom) => void) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const join = useJoinChatRoom();
  const open = (room: ChatRoom) => {
    if (onJoined) onJoined(room);
    else navigate(`/chat-room/${room.id}`);
  };
  const joinAndOpen = (room: ChatRoom) =>
    join.mutate(room, {
      onSuccess: () => open(room),
      onError: (error) => {
        if (isAlreadyJoined(error)) {
          toast.info(error.message);
          markJoined(queryClient, room, false);
          open(room);
        } else {
          toast.error(errorText(error, translator.t('common.genericError')));
        }
      },
    });
  return { joinAndOpen, isJoining: join.isPending };
}

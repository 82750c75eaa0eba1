import type { ChatMessage } from '@playon/shared/chat';
import { useCallback, useEffect, useState } from 'react';
import { subscribeRealtime } from '../../../lib/realtime-client';
import { getChatPage } from '../api/get-chat-pages';
import { hiddenMessageIn, isChatMessageFor } from './merge-messages';

/**
 * Messages that arrived after the room opened: over /ws, or sent from this screen. Each time the socket
 * (re)connects, the newest page is fetched again, for what was said while it was down. `hidden`: the
 * messages a moderator hid meanwhile, which the room stops showing at once.
 */
export function useLiveMessages(chatRoomId: number, isListening: boolean) {
  const [live, setLive] = useState<ChatMessage[]>([]);
  const [hidden, setHidden] = useState<ReadonlySet<string>>(() => new Set());
  const add = useCallback((arrived: readonly ChatMessage[]) => {
    setLive((list) => {
      const known = new Set(list.map((message) => message.id));
      const fresh = arrived.filter((message) => !known.has(message.id));
      return fresh.length > 0 ? [...list, ...fresh] : list;
    });
  }, []);

  useEffect(() => {
    if (!isListening) return;
    return subscribeRealtime((event) => {
      if (event.kind === 'open') {
        getChatPage(chatRoomId).then(
          (page) => add(page.content),
          (error: unknown) => console.warn('Could not catch up on the chat room', error),
        );
      }
      if (event.kind === 'message' && isChatMessageFor(event.data, chatRoomId)) add([event.data.message]);
      const hiddenId = event.kind === 'message' ? hiddenMessageIn(event.data, chatRoomId) : undefined;
      if (hiddenId) setHidden((ids) => new Set(ids).add(hiddenId));
    });
  }, [chatRoomId, isListening, add]);

  return { live, add, hidden };
}

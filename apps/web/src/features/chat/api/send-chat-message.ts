import type { ChatMessage, ChatSendRequest } from '@playon/shared/chat';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** POST /api/chats/send: the stored message (it also comes back over /ws). */
export async function sendChatMessage(request: ChatSendRequest): Promise<ChatMessage> {
  return (await apiRequest<ChatMessage>('/chats/send', { method: 'POST', json: request })).payload;
}

export function useSendChatMessage() {
  return useMutation({ mutationKey: ['chat', 'send'], mutationFn: sendChatMessage });
}

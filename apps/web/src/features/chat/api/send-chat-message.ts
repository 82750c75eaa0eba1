import type { ChatMessage, ChatSendRequest } from '@playon/shared/chat';
import { IDEMPOTENCY_HEADER } from '@playon/shared/payments';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

export interface ChatSend {
  request: ChatSendRequest;
  /** Names the message: a resend under it gets the message already stored (ADR 0050). */
  idempotencyKey: string;
}

/** POST /api/chats/send: the stored message (it also comes back over /ws). */
export async function sendChatMessage({ request, idempotencyKey }: ChatSend): Promise<ChatMessage> {
  const answer = await apiRequest<ChatMessage>('/chats/send', {
    method: 'POST',
    json: request,
    headers: { [IDEMPOTENCY_HEADER]: idempotencyKey },
  });
  return answer.payload;
}

export function useSendChatMessage() {
  return useMutation({ mutationKey: ['chat', 'send'], mutationFn: sendChatMessage });
}

import type { ChatListRequest, ChatMessage, ChatPage, ChatRoom, ChatSendRequest } from '@playon/shared/chat';
import type { FastifyInstance } from 'fastify';
import { multipartForm } from './files.ts';
import { bearer, type TestPlayer } from './players.ts';

/** What a player's app asks the chat endpoints, with the answers typed. */
export function chatClient(app: FastifyInstance) {
  return {
    async rooms(player: TestPlayer) {
      const response = await app.inject({
        method: 'GET',
        url: '/api/chat-rooms/list',
        headers: bearer(player.token),
      });
      return response.json().payload as ChatRoom[];
    },
    async room(player: TestPlayer, chatRoomUid: string) {
      const room = (await this.rooms(player)).find((item) => item.chatRoomUid === chatRoomUid);
      if (!room) throw new Error(`no room ${chatRoomUid}`);
      return room;
    },
    join: (player: TestPlayer, chatRoomUid: string) =>
      app.inject({
        method: 'GET',
        url: `/api/profile/chatroom-join/${chatRoomUid}`,
        headers: bearer(player.token),
      }),
    leave: (player: TestPlayer, chatRoomUid: string) =>
      app.inject({
        method: 'GET',
        url: `/api/profile/chatroom-leave/${chatRoomUid}`,
        headers: bearer(player.token),
      }),
    /** With `idempotencyKey`, as the app names each message it sends. */
    send: (player: TestPlayer, body: ChatSendRequest, idempotencyKey?: string) =>
      app.inject({
        method: 'POST',
        url: '/api/chats/send',
        headers: {
          ...bearer(player.token),
          ...(idempotencyKey ? { 'idempotency-key': idempotencyKey } : {}),
        },
        payload: body,
      }),
    list: (player: TestPlayer, body: ChatListRequest) =>
      app.inject({ method: 'POST', url: '/api/chats/list/', headers: bearer(player.token), payload: body }),
    async page(player: TestPlayer, body: ChatListRequest) {
      return (await this.list(player, body)).json().payload as ChatPage;
    },
    async sent(player: TestPlayer, body: ChatSendRequest, idempotencyKey?: string) {
      const response = await this.send(player, body, idempotencyKey);
      if (response.statusCode !== 200) throw new Error(`send failed: ${response.body}`);
      return response.json().payload as ChatMessage;
    },
    upload(player: TestPlayer, roomId: number, file: { name: string; type: string; bytes: Buffer }) {
      const { payload, contentType } = multipartForm({ id: String(roomId), type: 'CHAT_MEDIA' }, file);
      return app.inject({
        method: 'POST',
        url: '/api/upload',
        headers: { 'content-type': contentType, ...bearer(player.token) },
        payload,
      });
    },
  };
}

export type ChatClient = ReturnType<typeof chatClient>;

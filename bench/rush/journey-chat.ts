// Chat: the rooms list, joining a room, reading its last page, sending a message whose text is unique
// in the run. A send whose answer was lost is looked for on the room's last pages before it is sent
// again, so a message stored twice is the product's doing, not the client's.
import { randomBytes } from 'node:crypto';
import type { Answer } from './http-client.ts';
import { envelope } from './http-client.ts';
import { createPlayerApi, okIfSuccess, type Player, type Rush } from './player-api.ts';

const ROOMS = ['general', 'matatu-rush', 'tournaments', 'savanna-snake'];
const runTag = randomBytes(3).toString('hex');

interface ChatPage {
  content: { message: string; uid?: string }[];
  pageable: { pageNumber: number };
}

export async function chat(rush: Rush, player: Player) {
  const api = createPlayerApi(rush, player);
  await api.read('chat-rooms', '/api/chat-rooms/list');
  const uid = ROOMS[Math.floor(Math.random() ** 2 * ROOMS.length)] as string;
  const roomId = rush.seeded.rooms[uid];
  if (roomId === undefined) return;
  if (!player.joinedRooms.has(roomId) && !(uid === 'general' && player.seeded.arrival !== 'sign-up')) {
    // Joined already (409) is as good as joined.
    const joined = await api.read('chat-join', `/api/profile/chatroom-join/${uid}`, {}, (answer) =>
      answer.status === 409 ? 'ok' : okIfSuccess(answer),
    );
    if (!joined.ok) return;
  }
  player.joinedRooms.add(roomId);
  if (!(await rush.think(rush.thinkMs()))) return;
  const read = await api.read('chat-read', '/api/chats/list/', {
    method: 'POST',
    json: { chatRoomId: roomId },
  });
  if (!read.ok || !(await rush.think(rush.thinkMs()))) return;

  const text = `Rush ${runTag} ${player.uid} #${++player.messagesSent} ${randomBytes(4).toString('hex')}`;
  const attempted = await api.mutate(
    'chat-send',
    '/api/chats/send',
    { chatRoomId: roomId, message: text, chatType: 'TEXT' },
    okIfSuccess,
    () => isInRoom(rush, player, roomId, text),
  );
  rush.log.messages.push({
    uid: player.uid as string,
    roomId,
    text,
    outcome: attempted.ok ? 'accepted' : 'failed',
    ...(attempted.failure ? { failure: attempted.failure } : {}),
  });
}

/** The room's last page, and the one before (the room may have moved on a page since the send). */
async function isInRoom(
  rush: Rush,
  player: Player,
  roomId: number,
  text: string,
): Promise<boolean | undefined> {
  const api = createPlayerApi(rush, player);
  const pageOf = async (page?: number) => {
    const json = page === undefined ? { chatRoomId: roomId } : { chatRoomId: roomId, page };
    const read = await api.quiet('/api/chats/list/', { method: 'POST', json });
    return read.ok && read.answer ? envelope<ChatPage>(read.answer as Answer).payload : undefined;
  };
  const last = await pageOf();
  if (!last) return undefined;
  if (last.content.some((message) => message.message === text)) return true;
  if (last.pageable.pageNumber === 0) return false;
  const before = await pageOf(last.pageable.pageNumber - 1);
  return before?.content.some((message) => message.message === text);
}

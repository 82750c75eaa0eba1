// Chat: the rooms list, joining a room, reading its last page, sending a message whose text is unique
// in the run. A send is named by an Idempotency-Key and sent again under it when its answer was lost
// (ADR 0050), so a message stored twice is the product's doing, not the client's.
import { randomBytes } from 'node:crypto';
import { createPlayerApi, okIfSuccess, type Player, type Rush } from './player-api.ts';

const ROOMS = ['general', 'matatu-rush', 'tournaments', 'savanna-snake'];
const runTag = randomBytes(3).toString('hex');

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
  const { attempted } = await api.keyed('chat-send', '/api/chats/send', {
    chatRoomId: roomId,
    message: text,
    chatType: 'TEXT',
  });
  rush.log.messages.push({
    uid: player.uid as string,
    roomId,
    text,
    outcome: attempted.ok ? 'accepted' : 'failed',
    ...(attempted.failure ? { failure: attempted.failure } : {}),
  });
}

import { chatSendsAgainst } from '../support/chat-send-race.ts';

// A player writing in a room while a moderator mutes them there: once the console has answered
// "muted", no message of theirs is stored or reaches the room any more, and every message they were
// answered "sent" for is stored. A send looks at the mute and stores its message under the member's
// row, which a mute takes first (modules/chat), so a send checked before the mute is stored before it.
chatSendsAgainst({
  name: 'mute-against-chat-send',
  title: 'a moderator muting a player who is writing',
  stopping: (writer, room) => ({
    method: 'POST',
    url: `/api/ops/community/chat/rooms/${room.chatRoomUid}/mutes`,
    payload: { userId: writer.uid, minutes: 60, reason: 'Spamming the room' },
  }),
  refused: 403,
});

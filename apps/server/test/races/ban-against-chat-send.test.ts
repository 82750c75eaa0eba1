import { chatSendsAgainst } from '../support/chat-send-race.ts';

// A player writing in a room while an operator disables their account: once the console has
// answered "disabled", no message of theirs is stored or reaches the room any more, and every
// message they were answered "sent" for is stored. A send stores its message under the sender's
// account row, shared, which a disable takes alone first (modules/chat, ADR 0072), so a send that
// passed the token check before the ban is stored before the ban commits, or refused: signed out
// (401), refused at the token once its session ended or at the store once the account is disabled.
chatSendsAgainst({
  name: 'ban-against-chat-send',
  title: 'an operator disabling a player who is writing',
  stopping: (writer) => ({
    method: 'POST',
    url: `/api/ops/players/${writer.uid}/disable`,
    payload: { reason: 'Spamming the rooms' },
  }),
  refused: 401,
});

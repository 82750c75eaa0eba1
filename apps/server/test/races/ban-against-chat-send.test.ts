import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { chatMessages } from '../../src/modules/chat/schema.ts';
import { createTestApp, type TestApp } from '../support/app.ts';
import { chatClient } from '../support/chat.ts';
import { createRoom } from '../support/chat-messages.ts';
import { openApp } from '../support/chat-socket.ts';
import { signUpOperator } from '../support/operators.ts';
import { freePort } from '../support/payments.ts';
import { bearer, signUpPlayer, type TestPlayer } from '../support/players.ts';

// A player writing in a room while an operator disables their account: once the console has
// answered "disabled", no message of theirs is stored or reaches the room any more, and every
// message they were answered "sent" for is stored. A send stores its message under the sender's
// account row, shared, which a disable takes alone first (modules/chat, ADR 0072), so a send that
// passed the token check before the ban is stored before the ban commits, or refused.
const ROUNDS = 8;
/** Sends racing the ban, then sends after its answer: under the chat's flood limit of ten. */
const RACING = 6;
const AFTER = 2;

let t: TestApp;
let port: number;
let operator: TestPlayer;
let reader: TestPlayer;
let room: { id: number; chatRoomUid: string };
let chat: ReturnType<typeof chatClient>;

beforeAll(async () => {
  port = await freePort();
  t = await createTestApp({ PORT: String(port), PUBLIC_URL: `http://127.0.0.1:${port}` });
  await t.app.listen({ port, host: '127.0.0.1' });
  chat = chatClient(t.app);
  operator = await signUpOperator(t.app, t.database.db, 'support');
  reader = await signUpPlayer(t.app);
  room = await createRoom(t.database.db);
  expect((await chat.join(reader, room.chatRoomUid)).statusCode).toBe(200);
}, 60_000);

afterAll(() => t?.close());

const storedOf = async (player: TestPlayer) =>
  (
    await t.database.db
      .select({ id: chatMessages.id })
      .from(chatMessages)
      .where(and(eq(chatMessages.roomId, room.id), eq(chatMessages.uid, player.uid)))
  ).map((row) => row.id);

describe('an operator disabling a player who is writing', () => {
  it('lets no message in after the ban’s answer, and stores every message answered as sent', {
    timeout: 120_000,
  }, async () => {
    const roomApp = await openApp(reader, port);
    let accepted = 0;
    let refused = 0;
    try {
      for (let round = 0; round < ROUNDS; round++) {
        const writer = await signUpPlayer(t.app);
        expect((await chat.join(writer, room.chatRoomUid)).statusCode).toBe(200);
        const send = (text: string) => chat.send(writer, { chatRoomId: room.id, message: text });
        let storedAtAnswer: string[] = [];
        const [disabled, ...racing] = await Promise.all([
          t.app
            .inject({
              method: 'POST',
              url: `/api/ops/players/${writer.uid}/disable`,
              headers: bearer(operator.token),
              payload: { reason: 'Spamming the rooms' },
            })
            .then(async (answer) => {
              storedAtAnswer = await storedOf(writer);
              return answer;
            }),
          ...Array.from({ length: RACING }, (_, i) => send(`round ${round}, message ${i}`)),
        ]);
        expect(disabled?.statusCode, disabled?.body).toBe(200);
        const after = await Promise.all(
          Array.from({ length: AFTER }, (_, i) => send(`round ${round}, after ${i}`)),
        );
        for (const answer of after) expect(answer.statusCode, answer.body).toBe(401);

        const sent = racing
          .filter((answer) => answer.statusCode === 200)
          .map((answer) => answer.json().payload.id as string);
        // Refused at the token, its session ended, or at the store, the account disabled: signed out.
        for (const answer of racing.filter((a) => a.statusCode !== 200))
          expect(answer.statusCode, answer.body).toBe(401);
        const stored = await storedOf(writer);
        expect(stored.sort(), 'stored after the ban was answered').toEqual(storedAtAnswer.sort());
        expect(stored.sort(), 'answered as sent but not stored').toEqual([...sent].sort());
        // What the room heard from the writer: each message sent, once, and nothing else.
        await vi.waitFor(
          () => {
            const heard = roomApp.chats().filter((message) => message.userId === writer.uid);
            expect(heard.map((message) => message.id).sort()).toEqual([...sent].sort());
          },
          { timeout: 30_000, interval: 20 },
        );
        accepted += sent.length;
        refused += RACING - sent.length + AFTER;
      }
    } finally {
      await roomApp.close();
    }
    console.log(`race ban-against-chat-send rounds=${ROUNDS} accepted=${accepted} refused=${refused}`);
  });
});

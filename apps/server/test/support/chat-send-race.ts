import { and, eq } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { chatMessages } from '../../src/modules/chat/schema.ts';
import { createTestApp, type TestApp } from './app.ts';
import { chatClient } from './chat.ts';
import { createRoom } from './chat-messages.ts';
import { openApp } from './chat-socket.ts';
import { signUpOperator } from './operators.ts';
import { freePort } from './payments.ts';
import { bearer, signUpPlayer, type TestPlayer } from './players.ts';

/**
 * The race suite's chat sends against an operator's action that stops a writer (a mute, a disable):
 * once the console has answered it, no message of theirs is stored or reaches the room any more,
 * and every message they were answered "sent" for is stored. `name` labels the summary line,
 * `stopping(writer, room)` is the operator's request, `refused` the status a stopped send gets.
 */
export function chatSendsAgainst({
  name,
  title,
  stopping,
  refused: refusedStatus,
}: {
  name: string;
  title: string;
  stopping: (writer: TestPlayer, room: { id: number; chatRoomUid: string }) => Omit<InjectOptions, 'headers'>;
  refused: number;
}) {
  const ROUNDS = 8;
  /** Sends racing the stop, then sends after its answer: under the chat's flood limit of ten. */
  const RACING = 6;
  const AFTER = 2;

  let t: TestApp;
  let port: number;
  let moderator: TestPlayer;
  let reader: TestPlayer;
  let room: { id: number; chatRoomUid: string };
  let chat: ReturnType<typeof chatClient>;

  beforeAll(async () => {
    port = await freePort();
    t = await createTestApp({ PORT: String(port), PUBLIC_URL: `http://127.0.0.1:${port}` });
    await t.app.listen({ port, host: '127.0.0.1' });
    chat = chatClient(t.app);
    moderator = await signUpOperator(t.app, t.database.db, 'support');
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

  describe(title, () => {
    it('lets no message in after the stop’s answer, and stores every message answered as sent', {
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
          const [muted, ...racing] = await Promise.all([
            t.app
              .inject({ ...stopping(writer, room), headers: bearer(moderator.token) })
              .then(async (answer) => {
                storedAtAnswer = await storedOf(writer);
                return answer;
              }),
            ...Array.from({ length: RACING }, (_, i) => send(`round ${round}, message ${i}`)),
          ]);
          expect(muted?.statusCode, muted?.body).toBe(200);
          const after = await Promise.all(
            Array.from({ length: AFTER }, (_, i) => send(`round ${round}, after ${i}`)),
          );
          for (const answer of after) expect(answer.statusCode, answer.body).toBe(refusedStatus);

          const sent = racing
            .filter((answer) => answer.statusCode === 200)
            .map((answer) => answer.json().payload.id as string);
          for (const answer of racing.filter((a) => a.statusCode !== 200))
            expect(answer.statusCode, answer.body).toBe(refusedStatus);
          const stored = await storedOf(writer);
          expect(stored.sort(), 'stored after the stop was answered').toEqual(storedAtAnswer.sort());
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
      console.log(`race ${name} rounds=${ROUNDS} accepted=${accepted} refused=${refused}`);
    });
  });
}

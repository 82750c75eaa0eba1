import { randomUUID } from 'node:crypto';
import type { ChatMessage } from '@playon/shared/chat';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHAT_FLOOD_LIMIT, type FloodLimit } from '../../src/modules/chat/flood-limit.ts';
import { createChatMessages } from '../../src/modules/chat/messages.ts';
import { createMessagesRepo } from '../../src/modules/chat/messages-repo.ts';
import { createRoomsRepo } from '../../src/modules/chat/rooms-repo.ts';
import { createTestApp, type TestApp } from '../support/app.ts';
import { type ChatClient, chatClient } from '../support/chat.ts';
import { createRoom } from '../support/chat-messages.ts';
import { openApp } from '../support/chat-socket.ts';
import { eventually, freePort } from '../support/payments.ts';
import { signUpPlayer, type TestPlayer } from '../support/players.ts';

let t: TestApp;
let port: number;
let chat: ChatClient;
beforeAll(async () => {
  port = await freePort();
  t = await createTestApp({ PORT: String(port), PUBLIC_URL: `http://127.0.0.1:${port}` });
  await t.app.listen({ port, host: '127.0.0.1' });
  chat = chatClient(t.app);
});
afterAll(() => t.close());

async function roomWith(players: TestPlayer[]) {
  const room = await createRoom(t.database.db);
  for (const player of players) await chat.join(player, room.chatRoomUid);
  return room;
}

const storedIn = async (player: TestPlayer, chatRoomId: number) =>
  (await chat.page(player, { chatRoomId, pageSize: 100 })).content;

/**
 * What an open app heard of `message`, once a later message from the same sender reached it too:
 * a second delivery of `message` would have gone out before that one.
 */
async function timesHeard(
  app: Awaited<ReturnType<typeof openApp>>,
  message: ChatMessage,
  later: ChatMessage,
) {
  await eventually(
    async () => app.chats(),
    (heard) => heard.some((m) => m.id === later.id),
  );
  return app.chats().filter((m) => m.id === message.id).length;
}

describe('a message resent under the Idempotency-Key it was first sent with', () => {
  it('is stored once when the app resends it after a lost answer, and members hear it once', async () => {
    const [amina, brian] = [await signUpPlayer(t.app), await signUpPlayer(t.app)];
    const room = await roomWith([amina, brian]);
    const [aminas, brians] = [await openApp(amina, port), await openApp(brian, port)];
    const key = randomUUID();
    const body = { chatRoomId: room.id, message: 'Cup starts at 8, who is in?' };

    const first = await chat.sent(amina, body, key);
    const resent = await chat.sent(amina, body, key);
    const next = await chat.sent(amina, { chatRoomId: room.id, message: 'Bring snacks' }, randomUUID());

    expect(resent).toEqual(first);
    expect((await storedIn(brian, room.id)).map((m) => m.message)).toEqual([body.message, 'Bring snacks']);
    expect(await timesHeard(brians, first, next)).toBe(1);
    expect(await timesHeard(aminas, first, next)).toBe(1);
    for (const app of [aminas, brians]) await app.close();
  });

  it('is stored once when both sends arrive at the same moment', async () => {
    const [amina, brian] = [await signUpPlayer(t.app), await signUpPlayer(t.app)];
    const room = await roomWith([amina, brian]);
    const brians = await openApp(brian, port);
    const key = randomUUID();
    const body = { chatRoomId: room.id, message: 'Nimefika stage' };

    const [one, other] = await Promise.all([chat.sent(amina, body, key), chat.sent(amina, body, key)]);
    const next = await chat.sent(amina, { chatRoomId: room.id, message: 'Twende' }, randomUUID());

    expect(other).toEqual(one);
    expect((await storedIn(brian, room.id)).map((m) => m.message)).toEqual([body.message, 'Twende']);
    expect(await timesHeard(brians, one, next)).toBe(1);
    await brians.close();
  });

  it('is stored and delivered once when both sends got past the look for an earlier one', async () => {
    const amina = await signUpPlayer(t.app);
    const room = await roomWith([amina]);
    // Both sends wait at the flood limit until the other reaches it: neither has stored anything yet.
    let arrived = 0;
    let letThrough = () => {};
    const bothThere = new Promise<void>((resolve) => {
      letThrough = resolve;
    });
    const flood: FloodLimit = {
      async take() {
        if (++arrived === 2) letThrough();
        await bothThere;
        return true;
      },
      close: async () => {},
    };
    const delivered: unknown[] = [];
    const messages = createChatMessages({
      db: t.database.db,
      rooms: createRoomsRepo(t.database.db),
      messages: createMessagesRepo(t.database.db),
      realtime: { sendToPlayers: async (_uids, message) => void delivered.push(message) },
      flood,
      log: { warn: () => {} },
      assertMember: async () => {},
      mutedUntil: async () => undefined,
    });
    const request = { chatRoomId: room.id, message: 'Tuonane kesho', chatType: 'TEXT' } as const;
    const key = randomUUID();

    const [one, other] = await Promise.all([
      messages.send(amina.uid, request, key),
      messages.send(amina.uid, request, key),
    ]);

    expect(other).toEqual(one);
    expect(delivered).toEqual([{ type: 'chat', message: one }]);
    expect((await storedIn(amina, room.id)).map((m) => m.id)).toEqual([one.id]);
  });

  it('is not counted again by the flood limit, so a resend is answered even at the limit', async () => {
    const amina = await signUpPlayer(t.app);
    const room = await roomWith([amina]);
    const sends = Array.from({ length: CHAT_FLOOD_LIMIT.max }, (_, i) => ({
      body: { chatRoomId: room.id, message: `Goal ${i + 1}!` },
      key: randomUUID(),
    }));
    const answered: ChatMessage[] = [];
    for (const { body, key } of sends) answered.push(await chat.sent(amina, body, key));
    const last = sends.at(-1) as (typeof sends)[number];

    const resend = await chat.send(amina, last.body, last.key);
    const another = await chat.send(amina, { chatRoomId: room.id, message: 'One more' }, randomUUID());

    expect(resend.statusCode).toBe(200);
    expect(resend.json().payload).toEqual(answered.at(-1));
    expect(another.statusCode).toBe(429);
    expect(await storedIn(amina, room.id)).toHaveLength(CHAT_FLOOD_LIMIT.max);
  });

  it('is refused when the key was used for other words, and the first message stays alone', async () => {
    const amina = await signUpPlayer(t.app);
    const room = await roomWith([amina]);
    const key = randomUUID();
    await chat.sent(amina, { chatRoomId: room.id, message: 'Habari za asubuhi' }, key);

    const reused = await chat.send(amina, { chatRoomId: room.id, message: 'Something else' }, key);

    expect(reused.statusCode).toBe(409);
    expect(reused.json().payload).toEqual({ code: 'CONFLICT' });
    expect((await storedIn(amina, room.id)).map((m) => m.message)).toEqual(['Habari za asubuhi']);
  });
});

describe('messages under different keys', () => {
  it('are each stored, even with the same words', async () => {
    const amina = await signUpPlayer(t.app);
    const room = await roomWith([amina]);
    const body = { chatRoomId: room.id, message: 'Gooooal' };

    const one = await chat.sent(amina, body, randomUUID());
    const two = await chat.sent(amina, body, randomUUID());

    expect(two.id).not.toBe(one.id);
    expect(await storedIn(amina, room.id)).toHaveLength(2);
  });

  it("are the sender's own: another player's message under the same key is stored as theirs", async () => {
    const [amina, brian] = [await signUpPlayer(t.app), await signUpPlayer(t.app)];
    const room = await roomWith([amina, brian]);
    const key = randomUUID();

    const aminas = await chat.sent(amina, { chatRoomId: room.id, message: 'Niko njiani' }, key);
    await chat.sent(amina, { chatRoomId: room.id, message: 'Niko njiani' }, key);
    const brians = await chat.sent(brian, { chatRoomId: room.id, message: 'Mimi pia' }, key);

    expect(brians).toMatchObject({ userId: brian.uid, message: 'Mimi pia' });
    expect((await storedIn(amina, room.id)).map((m) => [m.userId, m.id])).toEqual([
      [amina.uid, aminas.id],
      [brian.uid, brians.id],
    ]);
  });
});

describe('a message from an app that names none', () => {
  it('is stored each time it is sent, as before keys', async () => {
    const amina = await signUpPlayer(t.app);
    const room = await roomWith([amina]);
    const body = { chatRoomId: room.id, message: 'Sawa' };

    await chat.sent(amina, body);
    await chat.sent(amina, body);

    expect((await storedIn(amina, room.id)).map((m) => m.message)).toEqual(['Sawa', 'Sawa']);
  });
});

describe('a key too short to name a message', () => {
  it('is refused, and nothing is stored', async () => {
    const amina = await signUpPlayer(t.app);
    const room = await roomWith([amina]);

    const response = await chat.send(amina, { chatRoomId: room.id, message: 'Hi' }, 'abc');

    expect(response.statusCode).toBe(400);
    expect(await storedIn(amina, room.id)).toEqual([]);
  });
});

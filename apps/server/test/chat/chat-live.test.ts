import type { ChatMessage } from '@playon/shared/chat';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.ts';
import { createTestApp, type TestApp } from '../support/app.ts';
import { chatClient } from '../support/chat.ts';
import { createRoom } from '../support/chat-messages.ts';
import { openApp } from '../support/chat-socket.ts';
import { eventually, freePort } from '../support/payments.ts';
import { signUpPlayer, type TestPlayer } from '../support/players.ts';

let t: TestApp;
let port: number;
beforeAll(async () => {
  port = await freePort();
  t = await createTestApp({ PORT: String(port), PUBLIC_URL: `http://127.0.0.1:${port}` });
  await t.app.listen({ port, host: '127.0.0.1' });
});
afterAll(() => t.close());

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function roomWith(app: FastifyInstance, players: TestPlayer[]) {
  const room = await createRoom(t.database.db);
  for (const player of players) await chatClient(app).join(player, room.chatRoomUid);
  return room;
}

describe('a message sent to a room', () => {
  it("reaches every member's open app at once, the sender's too, and no one else's", async () => {
    const chat = chatClient(t.app);
    const [amina, brian, outsider] = [
      await signUpPlayer(t.app),
      await signUpPlayer(t.app),
      await signUpPlayer(t.app),
    ];
    const room = await roomWith(t.app, [amina, brian]);
    const aminas = await openApp(amina, port);
    const brians = await openApp(brian, port);
    const outsiders = await openApp(outsider, port);
    const sent = await chat.sent(amina, { chatRoomId: room.id, message: 'Mko wapi? Cup starts at 8' });

    const has = (messages: ChatMessage[]) => messages.some((m) => m.id === sent.id);
    await eventually(async () => has(aminas.chats()) && has(brians.chats()), Boolean);
    expect(brians.chats()).toEqual([sent]);
    expect(aminas.chats()).toEqual([sent]);
    // By the time both members have it, a wrong delivery to the outsider would have arrived too.
    await pause(200);
    expect(outsiders.chats()).toEqual([]);
    for (const app of [aminas, brians, outsiders]) await app.close();
  });
});

describe('who is online in a room', () => {
  it('counts a member while their app is open, and stops when it closes', async () => {
    const chat = chatClient(t.app);
    const [amina, brian] = [await signUpPlayer(t.app), await signUpPlayer(t.app)];
    const room = await roomWith(t.app, [amina, brian]);
    const online = async () => (await chat.room(amina, room.chatRoomUid)).onlineMemberCount;
    expect(await online()).toBe(0);

    const phone = await openApp(brian, port);
    expect(await online()).toBe(1);
    const laptop = await openApp(brian, port);
    expect(await online()).toBe(1);
    await phone.close();
    await pause(200);
    expect(await online()).toBe(1);
    await laptop.close();
    expect(await eventually(online, (count) => count === 0)).toBe(0);
    expect((await chat.room(amina, room.chatRoomUid)).memberCount).toBe(2);
  });
});

describe.skipIf(!process.env.TEST_REDIS_URL)('two instances behind a load balancer', () => {
  let second: FastifyInstance;
  let secondPort: number;
  beforeAll(async () => {
    secondPort = await freePort();
    // The same database and Redis, another process's worth of sockets; closing it leaves the database open.
    second = await buildApp(t.config, { database: { ...t.database, close: async () => {} } });
    await second.listen({ port: secondPort, host: '127.0.0.1' });
  });
  afterAll(() => second.close());

  it('share who is online and deliver to sockets held by either', async () => {
    const [amina, brian] = [await signUpPlayer(t.app), await signUpPlayer(t.app)];
    const room = await roomWith(t.app, [amina, brian]);
    const aminas = await openApp(amina, port);
    const brians = await openApp(brian, secondPort);
    for (const app of [t.app, second]) {
      expect((await chatClient(app).room(amina, room.chatRoomUid)).onlineMemberCount).toBe(2);
    }
    const sent = await chatClient(second).sent(brian, { chatRoomId: room.id, message: 'Niko hapa' });
    await eventually(
      async () => aminas.chats().length + brians.chats().length,
      (count) => count === 2,
    );
    expect(aminas.chats()).toEqual([sent]);
    expect(brians.chats()).toEqual([sent]);

    await brians.close();
    const online = async () => (await chatClient(t.app).room(amina, room.chatRoomUid)).onlineMemberCount;
    expect(await eventually(online, (count) => count === 1)).toBe(1);
    await aminas.close();
  });
});

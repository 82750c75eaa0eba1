import type { ChatCountsMessage } from '@playon/shared/chat';
import type { RealtimeMessage } from '@playon/shared/realtime';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createRoomCounts } from '../../src/modules/chat/room-counts.ts';
import { createTestApp, type TestApp } from '../support/app.ts';
import { chatClient } from '../support/chat.ts';
import { createRoom } from '../support/chat-messages.ts';
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

/** The app open on a phone: /ws with the player's token, keeping the room counts it is told. */
async function openApp(player: TestPlayer) {
  const socket = new WebSocket(`ws://127.0.0.1:${port}/ws?token=${encodeURIComponent(player.token)}`);
  const told: ChatCountsMessage[] = [];
  const closed = new Promise<void>((resolve) => socket.addEventListener('close', () => resolve()));
  await new Promise<void>((resolve) =>
    socket.addEventListener('message', (event) => {
      const message = JSON.parse(String(event.data)) as RealtimeMessage;
      if (message.type === 'chat-counts') told.push(message);
      if (message.type === 'ready') resolve();
    }),
  );
  return {
    /** The counts last told for a room. */
    countsOf: (roomId: number) => told.filter((m) => m.chatRoomId === roomId).at(-1),
    told,
    async close() {
      socket.close();
      await closed;
    },
  };
}

const counts = (members: number, online: number) => ({ memberCount: members, onlineMemberCount: online });

describe("a room's counts, live", () => {
  it('are told to its members as players join, open and close the app, and leave; to no one else', async () => {
    const chat = chatClient(t.app);
    const [amina, brian, outsider] = [
      await signUpPlayer(t.app),
      await signUpPlayer(t.app),
      await signUpPlayer(t.app),
    ];
    const room = await createRoom(t.database.db);
    await chat.join(amina, room.chatRoomUid);
    const aminas = await openApp(amina);
    const outsiders = await openApp(outsider);
    const told = async () => aminas.countsOf(room.id);

    expect((await chat.join(brian, room.chatRoomUid)).statusCode).toBe(200);
    expect(await eventually(told, (m) => m?.memberCount === 2, 30_000)).toMatchObject(counts(2, 1));

    const brians = await openApp(brian);
    expect(await eventually(told, (m) => m?.onlineMemberCount === 2, 30_000)).toMatchObject(counts(2, 2));
    // The same counts the rooms list gives.
    expect(await chat.room(amina, room.chatRoomUid)).toMatchObject(counts(2, 2));

    await brians.close();
    expect(await eventually(told, (m) => m?.onlineMemberCount === 1, 30_000)).toMatchObject(counts(2, 1));
    await chat.leave(brian, room.chatRoomUid);
    expect(await eventually(told, (m) => m?.memberCount === 1, 30_000)).toMatchObject(counts(1, 1));

    expect(outsiders.told.filter((m) => m.chatRoomId === room.id)).toEqual([]);
    for (const app of [aminas, outsiders]) await app.close();
  });
});

describe('changes close together', () => {
  it("are told once per room, with the counts at that moment, to the room's members", async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      const sent: { uids: readonly string[]; message: RealtimeMessage }[] = [];
      const roomCounts = createRoomCounts({
        rooms: {
          countsOf: async (ids) =>
            ids.map((roomId) => ({ roomId, memberCount: 10 * roomId, onlineMemberCount: roomId })),
          roomIdsOf: async () => [1, 2],
          memberUids: async (roomId) => [`member-of-${roomId}`],
        },
        realtime: { sendToPlayers: async (uids, message) => void sent.push({ uids, message }) },
        presence: { onlineUids: async () => [] },
        log: { warn() {} },
        everyMs: 1000,
      });
      roomCounts.changed([1]);
      roomCounts.changed([1, 2]);
      roomCounts.changed([2]);
      expect(sent).toEqual([]);
      await vi.advanceTimersByTimeAsync(1000);
      expect(sent).toEqual([
        { uids: ['member-of-1'], message: { type: 'chat-counts', chatRoomId: 1, ...counts(10, 1) } },
        { uids: ['member-of-2'], message: { type: 'chat-counts', chatRoomId: 2, ...counts(20, 2) } },
      ]);
      roomCounts.changed([2]);
      await roomCounts.close();
      await vi.advanceTimersByTimeAsync(1000);
      expect(sent).toHaveLength(2);
    } finally {
      vi.useRealTimers();
    }
  });
});

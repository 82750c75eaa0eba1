import { CHAT_PAGE_SIZE, type ChatMessage, type ChatRoom, chatMessages } from '@playon/shared/chat';
import type { Profile } from '@playon/shared/profile';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/app.ts';
import { type ChatClient, chatClient } from '../support/chat.ts';
import { createRoom, seedMessages } from '../support/chat-messages.ts';
import { bearer, signUpPlayer, type TestPlayer } from '../support/players.ts';

let t: TestApp;
let chat: ChatClient;
beforeAll(async () => {
  t = await createTestApp();
  chat = chatClient(t.app);
});
afterAll(() => t.close());

describe('the chat rooms list', () => {
  it('shows the seeded rooms by name with their icons, none joined by a new player', async () => {
    const amina = await signUpPlayer(t.app);
    const rooms = await chat.rooms(amina);
    expect(rooms.map((room) => room.name)).toEqual([
      'General',
      'Matatu Rush',
      'Savanna Snake',
      'Support',
      'Tournaments',
    ]);
    for (const room of rooms) {
      expect(room).toMatchObject({ subscribed: false, onlineMemberCount: 0 } satisfies Partial<ChatRoom>);
      const icon = await t.app.inject({ method: 'GET', url: room.icon });
      expect(icon.statusCode, room.icon).toBe(200);
      expect(icon.headers['content-type']).toContain('image/svg+xml');
    }
  });

  it('needs an access token', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/chat-rooms/list' });
    expect(response.statusCode).toBe(401);
  });
});

describe('joining and leaving a room', () => {
  it('raises the member count by one and lists the room in the profile', async () => {
    const amina = await signUpPlayer(t.app);
    const before = await chat.room(amina, 'general');
    const joined = await chat.join(amina, 'general');
    expect(joined.statusCode).toBe(200);
    expect(joined.json().statusMessage).toBe(chatMessages.joined('General'));
    expect((joined.json().payload as Profile).chatRooms).toEqual(['general']);
    const after = await chat.room(amina, 'general');
    expect(after).toMatchObject({ memberCount: before.memberCount + 1, subscribed: true });

    const login = await t.app.inject({ method: 'GET', url: '/api/auth/login', headers: bearer(amina.token) });
    expect(login.json().payload.chatRooms).toEqual(['general']);
    const renamed = await t.app.inject({
      method: 'PUT',
      url: `/api/profile/${amina.uid}`,
      headers: bearer(amina.token),
      payload: { name: 'Amina Wanjiru' },
    });
    expect(renamed.json().payload.chatRooms).toEqual(['general']);
  });

  it('says so when the player joins a room twice, and counts them once', async () => {
    const brian = await signUpPlayer(t.app);
    await chat.join(brian, 'support');
    const count = (await chat.room(brian, 'support')).memberCount;
    const again = await chat.join(brian, 'support');
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({
      statusMessage: 'You are already subscribed to this chat room',
      payload: { code: 'CONFLICT' },
    });
    expect((await chat.room(brian, 'support')).memberCount).toBe(count);
  });

  it('leaves a room, and leaving again changes nothing', async () => {
    const chebet = await signUpPlayer(t.app);
    await chat.join(chebet, 'tournaments');
    await chat.join(chebet, 'matatu-rush');
    const count = (await chat.room(chebet, 'tournaments')).memberCount;
    const left = await chat.leave(chebet, 'tournaments');
    expect(left.statusCode).toBe(200);
    expect(left.json().statusMessage).toBe(chatMessages.left('Tournaments'));
    expect((left.json().payload as Profile).chatRooms).toEqual(['matatu-rush']);
    expect(await chat.room(chebet, 'tournaments')).toMatchObject({
      memberCount: count - 1,
      subscribed: false,
    });
    const twice = await chat.leave(chebet, 'tournaments');
    expect(twice.statusCode).toBe(200);
    expect((twice.json().payload as Profile).chatRooms).toEqual(['matatu-rush']);
  });

  it('answers 404 for a room that does not exist', async () => {
    const player = await signUpPlayer(t.app);
    for (const response of [
      await chat.join(player, 'no-such-room'),
      await chat.leave(player, 'no-such-room'),
    ]) {
      expect(response.statusCode).toBe(404);
      expect(response.json().statusMessage).toBe(chatMessages.roomNotFound);
    }
  });
});

describe('a room is for its members', () => {
  it('refuses to list or take messages from a player who has not joined', async () => {
    const member = await signUpPlayer(t.app);
    const outsider = await signUpPlayer(t.app);
    await chat.join(member, 'savanna-snake');
    const roomId = (await chat.room(member, 'savanna-snake')).id;
    await chat.sent(member, { chatRoomId: roomId, message: 'Who beat 300 today?' });

    const list = await chat.list(outsider, { chatRoomId: roomId });
    const send = await chat.send(outsider, { chatRoomId: roomId, message: 'let me in' });
    for (const response of [list, send]) {
      expect(response.statusCode).toBe(403);
      expect(response.json()).toMatchObject({
        statusMessage: chatMessages.notJoined,
        payload: { code: 'FORBIDDEN' },
      });
    }
    expect((await chat.page(member, { chatRoomId: roomId })).totalElements).toBe(1);

    await chat.leave(member, 'savanna-snake');
    expect((await chat.list(member, { chatRoomId: roomId })).statusCode).toBe(403);
  });

  it('answers 404 for a room id that does not exist', async () => {
    const player = await signUpPlayer(t.app);
    const response = await chat.send(player, { chatRoomId: 999_999, message: 'hello?' });
    expect(response.statusCode).toBe(404);
    expect(response.json().statusMessage).toBe(chatMessages.roomNotFound);
  });
});

describe('messages', () => {
  it('come back exactly as typed, markup included, as JSON text', async () => {
    const amina = await signUpPlayer(t.app);
    await chat.join(amina, 'matatu-rush');
    const roomId = (await chat.room(amina, 'matatu-rush')).id;
    const typed = `<script>alert("hi")</script> & <b>bold</b> 'quoted' \u{1F697} Habari?`;
    const sent = await chat.send(amina, { chatRoomId: roomId, message: typed, chatType: 'TEXT' });
    expect(sent.statusCode).toBe(200);
    expect(sent.headers['content-type']).toContain('application/json');
    const message = sent.json().payload as ChatMessage;
    expect(message).toMatchObject({
      userId: amina.uid,
      chatRoomId: roomId,
      message: typed,
      chatType: 'TEXT',
    });
    expect(sent.body).toContain(JSON.stringify(typed));

    const page = await chat.page(amina, { chatRoomId: roomId });
    expect(page.content.at(-1)).toEqual(message);
  });

  it('refuses an empty message with the shared message', async () => {
    const amina = await signUpPlayer(t.app);
    await chat.join(amina, 'general');
    const roomId = (await chat.room(amina, 'general')).id;
    const response = await chat.send(amina, { chatRoomId: roomId, message: '   ' });
    expect(response.statusCode).toBe(400);
    expect(response.json().statusMessage).toBe('Please type a message.');
  });

  it('stops a player who sends too fast, and stores nothing beyond the limit', async () => {
    const flooder = await signUpPlayer(t.app);
    const calm = await signUpPlayer(t.app);
    await chat.join(flooder, 'support');
    await chat.join(calm, 'support');
    const roomId = (await chat.room(flooder, 'support')).id;
    const before = (await chat.page(flooder, { chatRoomId: roomId })).totalElements;
    const statuses: number[] = [];
    let refused: { statusMessage: string; payload: { code: string } } | undefined;
    for (let i = 1; i <= 12; i++) {
      const response = await chat.send(flooder, { chatRoomId: roomId, message: `spam ${i}` });
      statuses.push(response.statusCode);
      if (response.statusCode === 429) refused = response.json();
    }
    expect(statuses).toEqual([...Array(10).fill(200), 429, 429]);
    expect(refused).toEqual({
      statusCode: 429,
      statusMessage: chatMessages.tooFast,
      payload: { code: 'RATE_LIMITED' },
    });
    // Another player in the same room is not held back by the flooder.
    expect((await chat.send(calm, { chatRoomId: roomId, message: 'Hello support' })).statusCode).toBe(200);
    const page = await chat.page(flooder, { chatRoomId: roomId, pageSize: 100 });
    expect(page.totalElements).toBe(before + 11);
    expect(page.content.filter((m) => m.message.startsWith('spam'))).toHaveLength(10);
  });

  it(`paginates ${CHAT_PAGE_SIZE} at a time from the oldest, and opens on the last page`, async () => {
    const player = await signUpPlayer(t.app);
    const room = await newRoomWithMember(player);
    await seedMessages(t.database.db, room.id, player.uid, 120);

    const last = await chat.page(player, { chatRoomId: room.id });
    expect(last.totalPages).toBe(3);
    expect(last.totalElements).toBe(120);
    expect(last.pageable).toEqual({ pageNumber: 2, pageSize: CHAT_PAGE_SIZE });
    expect(last.content.map((m) => m.message)).toEqual(range(101, 120).map((n) => `message ${n}`));

    const first = await chat.page(player, { chatRoomId: room.id, page: 0 });
    expect(first.content.map((m) => m.message)).toEqual(range(1, 50).map((n) => `message ${n}`));
    const middle = await chat.page(player, { chatRoomId: room.id, page: 1 });
    expect(middle.content[0]?.message).toBe('message 51');
    const beyond = await chat.page(player, { chatRoomId: room.id, page: 3 });
    expect(beyond).toMatchObject({ content: [], totalPages: 3, pageable: { pageNumber: 3 } });
  });

  it('answers an empty room with one empty page, page 0', async () => {
    const player = await signUpPlayer(t.app);
    const room = await newRoomWithMember(player);
    expect(await chat.page(player, { chatRoomId: room.id })).toEqual({
      content: [],
      totalPages: 1,
      totalElements: 0,
      pageable: { pageNumber: 0, pageSize: CHAT_PAGE_SIZE },
    });
  });
});

const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => from + i);

/** A room of its own, so counts of other tests do not mix in. */
async function newRoomWithMember(player: TestPlayer) {
  const room = await createRoom(t.database.db);
  expect((await chat.join(player, room.chatRoomUid)).statusCode).toBe(200);
  return room;
}

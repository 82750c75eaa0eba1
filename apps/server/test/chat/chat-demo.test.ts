import type { ChatRoom } from '@playon/shared/chat';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedChatDemo } from '../../src/modules/chat/demo.ts';
import { demoConversations } from '../../src/modules/chat/demo-content.ts';
import { seededDemoPlayers } from '../../src/modules/tournaments/demo-repo.ts';
import { createTestApp, type TestApp } from '../support/app.ts';
import { chatClient } from '../support/chat.ts';
import { bearer, signUpPlayer, type TestPlayer } from '../support/players.ts';

let t: TestApp;
let amina: TestPlayer;
beforeAll(async () => {
  t = await createTestApp({ DEMO_CONTENT: 'true' });
  amina = await signUpPlayer(t.app);
});
afterAll(() => t.close());

const byUid = (rooms: ChatRoom[]) =>
  Object.fromEntries(rooms.map((room) => [room.chatRoomUid, room.memberCount]));

describe('the demo chat (DEMO_CONTENT=true)', () => {
  it('shows a newcomer rooms with members: every demo player in General, some in each other room', async () => {
    const demoPlayers = await seededDemoPlayers(t.database.db);
    expect(demoPlayers.length).toBeGreaterThan(50);
    const counts = byUid(await chatClient(t.app).rooms(amina));
    expect(counts).toEqual({
      general: demoPlayers.length,
      'matatu-rush': 8,
      'savanna-snake': 5,
      tournaments: 7,
      support: 2,
    });
  });

  it('lets a player who joins read what the demo players said, by name', async () => {
    const chat = chatClient(t.app);
    const general = await chat.room(amina, 'general');
    expect((await chat.join(amina, 'general')).statusCode).toBe(200);
    const page = await chat.page(amina, { chatRoomId: general.id });
    expect(page.content.map((message) => message.message)).toEqual(
      demoConversations.general?.map((line) => line.message),
    );
    const times = page.content.map((message) => Date.parse(message.createdAt));
    expect(times).toEqual([...times].sort((a, b) => a - b));
    expect(Math.max(...times)).toBeLessThan(Date.now());
    const speaker = await t.app.inject({
      method: 'GET',
      url: `/api/users/public/${page.content[0]?.userId}`,
      headers: bearer(amina.token),
    });
    expect(speaker.json().payload).toMatchObject({ name: 'Wanjiku Kamau', username: 'wanjiku_k' });
  });

  it('adds nothing on the next start', async () => {
    const chat = chatClient(t.app);
    const before = byUid(await chat.rooms(amina));
    const general = await chat.room(amina, 'general');
    const messages = (await chat.page(amina, { chatRoomId: general.id })).totalElements;
    await seedChatDemo(t.database.db, await seededDemoPlayers(t.database.db), new Date());
    expect(byUid(await chat.rooms(amina))).toEqual(before);
    expect((await chat.page(amina, { chatRoomId: general.id })).totalElements).toBe(messages);
  });
});

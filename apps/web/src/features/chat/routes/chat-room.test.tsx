import type { ChatMessage, ChatPage } from '@playon/shared/chat';
import { act, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { RealtimeEvent } from '../../../lib/realtime-client';
import { readProfile, storeProfile, storeUser } from '../../../lib/session-store';
import { dismissToast, getToasts } from '../../../lib/toast';
import { buildProfile, failure, ok } from '../../../test/factories';
import { fakeToken, stubFetch } from '../../../test/fetch-stub';
import { renderRoute } from '../../../test/render-route';
import { buildChatMessage, buildChatPage, buildChatRoom } from '../testing';
import { Component as ChatRoom } from './chat-room';

const socket = vi.hoisted(() => ({ listeners: new Set<(event: RealtimeEvent) => void>() }));
vi.mock('../../../lib/realtime-client', () => ({
  subscribeRealtime: (listener: (event: RealtimeEvent) => void) => {
    socket.listeners.add(listener);
    return () => socket.listeners.delete(listener);
  },
}));
const arrives = (message: ChatMessage) =>
  act(() => {
    for (const listener of socket.listeners) listener({ kind: 'message', data: { type: 'chat', message } });
  });

const room = buildChatRoom({ id: 7, name: 'Nairobi Gamers', subscribed: true });
const older = Array.from({ length: 50 }, (_, index) => buildChatMessage({ message: `Older ${index + 1}` }));
const newest = [
  buildChatMessage({ userId: 'u2', message: 'Habari za asubuhi' }),
  buildChatMessage({ userId: 'u1', message: 'Poa sana!' }),
];

function stubServer(pages: Record<string, ChatPage | ReturnType<typeof failure>>) {
  return stubFetch({
    'GET /api/auth/token': () => ({ status: 200, body: { token: fakeToken() } }),
    'GET /api/chat-rooms/list': () => ok([room]),
    'POST /api/chats/list/': ({ body }) => {
      const page = pages[String((body as { page?: number }).page ?? 'newest')];
      if (!page) throw new Error(`No page ${JSON.stringify(body)}`);
      return 'status' in page ? page : ok(page);
    },
    'GET /api/users/public/u2': () => ok({ name: 'Brian Otieno', username: 'brian', profilePic: null }),
    'GET /api/users/public/u9': () => failure(404, 'User not found', 'NOT_FOUND'),
    'GET /api/profile/chatroom-leave/room-7': () => ok(buildProfile({ chatRooms: [] })),
    'GET /api/profile/chatroom-join/room-7': () => ok(buildProfile({ chatRooms: ['room-7'] })),
  });
}
const texts = () =>
  within(screen.getByRole('list', { name: 'Messages' }))
    .getAllByRole('listitem')
    .map((item) => item.querySelector('p')?.textContent);

describe('chat room', () => {
  beforeEach(() => {
    for (const shown of getToasts()) dismissToast(shown.id);
    storeUser({ id: 'u1', email: 'amina@example.com', name: '' });
    storeProfile(buildProfile({ uid: 'u1', username: 'amina', chatRooms: ['room-7'] }));
  });
  afterEach(() => socket.listeners.clear());

  it("opens on the newest page, with each sender's name, and 'Load more' brings the older page above", async () => {
    const calls = stubServer({ newest: buildChatPage(1, 2, newest), 0: buildChatPage(0, 2, older) });
    renderRoute(ChatRoom, { path: '/chat-room/:id', url: '/chat-room/7' });
    expect(await screen.findByText('Poa sana!')).toBeTruthy();
    expect(texts()).toEqual(['Habari za asubuhi', 'Poa sana!']);
    expect(screen.getByRole('heading', { name: 'Nairobi Gamers' })).toBeTruthy();
    expect(await screen.findByText('brian')).toBeTruthy();
    const own = screen.getByText('Poa sana!').closest('li');
    expect(own?.className).toContain('flex-row-reverse');
    expect(within(own as HTMLElement).getByText('amina')).toBeTruthy();
    expect(calls.find((call) => call.path === '/api/chats/list/')?.body).toEqual({
      chatRoomId: 7,
      pageSize: 50,
    });

    fireEvent.click(screen.getByRole('button', { name: 'Load more' }));
    expect(await screen.findByText('Older 1')).toBeTruthy();
    expect(texts()).toHaveLength(52);
    expect(texts().slice(0, 2)).toEqual(['Older 1', 'Older 2']);
    expect(texts().at(-1)).toBe('Poa sana!');
    expect(calls.filter((call) => call.path === '/api/chats/list/').at(-1)?.body).toMatchObject({ page: 0 });
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
  });

  it('shows a message written as HTML as the very characters typed, line breaks kept', async () => {
    stubServer({
      newest: buildChatPage(0, 1, [buildChatMessage({ message: '<b>hi</b>\n<img src=x onerror=alert(1)>' })]),
    });
    renderRoute(ChatRoom, { path: '/chat-room/:id', url: '/chat-room/7' });
    const text = await screen.findByText(/<b>hi<\/b>/);
    expect(text.textContent).toBe('<b>hi</b>\n<img src=x onerror=alert(1)>');
    expect(text.className).toContain('whitespace-pre-wrap');
    expect(document.querySelector('b')).toBeNull();
    expect(document.querySelector('img[src="x"]')).toBeNull();
  });

  it('adds a message that arrives live once, however often it comes, and ignores other rooms', async () => {
    stubServer({ newest: buildChatPage(0, 1, newest) });
    renderRoute(ChatRoom, { path: '/chat-room/:id', url: '/chat-room/7' });
    await screen.findByText('Poa sana!');
    const live = buildChatMessage({ userId: 'u2', message: 'Who is up for Matatu Rush?' });
    arrives(live);
    arrives(live);
    arrives(buildChatMessage({ chatRoomId: 8, message: 'Another room' }));
    arrives(newest[0] as ChatMessage);
    expect(texts()).toEqual(['Habari za asubuhi', 'Poa sana!', 'Who is up for Matatu Rush?']);
  });

  it("shows the room's member and online counts in its header, changing as /ws tells them", async () => {
    stubServer({ newest: buildChatPage(1, 2, newest) });
    renderRoute(ChatRoom, { path: '/chat-room/:id', url: '/chat-room/7' });
    const counts = async () => (await screen.findByRole('banner')).querySelector('p')?.textContent;
    expect(await screen.findByText('Poa sana!')).toBeTruthy();
    expect(await counts()).toBe('24 members · 3 online');
    const told = (data: unknown) =>
      act(() => {
        for (const listener of socket.listeners) listener({ kind: 'message', data });
      });
    told({ type: 'chat-counts', chatRoomId: 7, memberCount: 25, onlineMemberCount: 4 });
    expect(await counts()).toBe('25 members · 4 online');
    // Another room's counts, and anything malformed, change nothing here.
    told({ type: 'chat-counts', chatRoomId: 8, memberCount: 99, onlineMemberCount: 9 });
    told({ type: 'chat-counts', chatRoomId: 7, memberCount: 'many' });
    expect(await counts()).toBe('25 members · 4 online');
    told({ type: 'chat-counts', chatRoomId: 7, memberCount: 1, onlineMemberCount: 1 });
    expect(await counts()).toBe('1 member · 1 online');
  });

  it('drops a message a moderator hid, at once, and only in its room', async () => {
    stubServer({ newest: buildChatPage(0, 1, newest) });
    renderRoute(ChatRoom, { path: '/chat-room/:id', url: '/chat-room/7' });
    await screen.findByText('Poa sana!');
    const live = buildChatMessage({ userId: 'u2', message: 'Something rude' });
    arrives(live);
    const hide = (chatRoomId: number, messageId: string) =>
      act(() => {
        for (const listener of socket.listeners)
          listener({
            kind: 'message',
            data: { type: 'chat-hidden', chatRoomUid: `room-${chatRoomId}`, chatRoomId, messageId },
          });
      });
    hide(8, (newest[0] as ChatMessage).id);
    hide(7, live.id);
    hide(7, (newest[0] as ChatMessage).id);
    expect(texts()).toEqual(['Poa sana!']);
  });

  it("names a sender who cannot be looked up 'anonymous', and only logs it", async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    stubServer({ newest: buildChatPage(0, 1, [buildChatMessage({ userId: 'u9', message: 'Hello?' })]) });
    renderRoute(ChatRoom, { path: '/chat-room/:id', url: '/chat-room/7' });
    expect(await screen.findByText('anonymous')).toBeTruthy();
    expect(warn).toHaveBeenCalledWith('Could not look up player u9', expect.anything());
  });

  it('leaves from the menu after confirming, forgets the room and returns to the list', async () => {
    const calls = stubServer({ newest: buildChatPage(0, 1, newest) });
    renderRoute(ChatRoom, { path: '/chat-room/:id', url: '/chat-room/7' });
    await screen.findByText('Poa sana!');
    fireEvent.click(screen.getByRole('button', { name: 'More actions' }));
    fireEvent.click(screen.getByRole('menuitem', { name: 'Leave chatroom' }));
    const dialog = screen.getByRole('dialog', { name: 'Leave Nairobi Gamers?' });
    expect(calls.some((call) => call.path.includes('chatroom-leave'))).toBe(false);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Leave chatroom' }));
    expect((await screen.findByTestId('landed')).textContent).toBe('/chat-room');
    expect(readProfile()?.chatRooms).toEqual([]);
  });

  it("shows a player who is not in the room the server's words and a Join button that lets them in", async () => {
    storeProfile(buildProfile({ uid: 'u1', chatRooms: [] }));
    const pages: Record<string, ChatPage | ReturnType<typeof failure>> = {
      newest: failure(403, 'Join this chat room to read and send messages.', 'FORBIDDEN'),
    };
    stubServer(pages);
    renderRoute(ChatRoom, { path: '/chat-room/:id', url: '/chat-room/7' });
    expect(await screen.findByText('Join this chat room to read and send messages.')).toBeTruthy();
    pages.newest = buildChatPage(0, 1, newest);
    fireEvent.click(screen.getByRole('button', { name: 'Join' }));
    expect(await screen.findByText('Poa sana!')).toBeTruthy();
    expect(readProfile()?.chatRooms).toEqual(['room-7']);
  });
});

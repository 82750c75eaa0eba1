import type { ChatRoom } from '@playon/shared/chat';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { readProfile, storeProfile, storeUser } from '../../../lib/session-store';
import { dismissToast, getToasts } from '../../../lib/toast';
import { buildProfile, failure, ok } from '../../../test/factories';
import { fakeToken, stubFetch } from '../../../test/fetch-stub';
import { renderRoute } from '../../../test/render-route';
import { buildChatPage, buildChatRoom } from '../testing';
import { Component as ChatRoomScreen } from './chat-room';
import { Component as ChatRooms } from './chat-rooms';

vi.mock('../../../lib/realtime-client', () => ({ subscribeRealtime: () => () => undefined }));

/** The list and the room, as the app routes them. */
function renderChat() {
  const router = createMemoryRouter(
    [
      { path: '/chat-room', Component: ChatRooms },
      { path: '/chat-room/:id', Component: ChatRoomScreen },
    ],
    { initialEntries: ['/chat-room'] },
  );
  const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: 0 } } });
  render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return router;
}

/** A server whose room list reflects joins, as the real one does. */
function stubServer(rooms: ChatRoom[], join: 'ok' | 'already' = 'ok') {
  return stubFetch({
    'GET /api/auth/token': () => ({ status: 200, body: { token: fakeToken() } }),
    'GET /api/chat-rooms/list': () => ok(rooms),
    'GET /api/profile/chatroom-join/room-7': () => {
      if (join === 'already') return failure(409, 'You are already subscribed to this chat room', 'CONFLICT');
      rooms = rooms.map((room) =>
        room.id === 7 ? { ...room, subscribed: true, memberCount: room.memberCount + 1 } : room,
      );
      return ok(buildProfile({ chatRooms: ['room-7'] }));
    },
    'POST /api/chats/list/': () => ok(buildChatPage(0, 0, [])),
  });
}
const card = (name: string) => screen.getByRole('button', { name: new RegExp(name) });

describe('chat rooms', () => {
  beforeEach(() => {
    for (const shown of getToasts()) dismissToast(shown.id);
    storeUser({ id: 'u1', email: 'amina@example.com', name: '' });
    storeProfile(buildProfile({ chatRooms: ['room-3'] }));
  });

  it('shows each room with its members and who is online, and opens a room the player is in', async () => {
    stubServer([
      buildChatRoom({ id: 3, name: 'Matatu Rush Fans', memberCount: 1, onlineMemberCount: 0 }),
      buildChatRoom({ id: 7, name: 'Nairobi Gamers', memberCount: 24, onlineMemberCount: 3 }),
    ]);
    const router = renderChat();
    expect(await screen.findByText('24 members · 3 online')).toBeTruthy();
    expect(within(card('Matatu Rush Fans')).getByText('1 member · 0 online')).toBeTruthy();
    expect(within(card('Matatu Rush Fans')).getByText('Joined')).toBeTruthy();
    fireEvent.click(card('Matatu Rush Fans'));
    expect(router.state.location.pathname).toBe('/chat-room/3');
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('joins a room from the dialog: it opens, and back on the list it counts one more member', async () => {
    const calls = stubServer([buildChatRoom({ id: 7, name: 'Nairobi Gamers', memberCount: 24 })]);
    const router = renderChat();
    fireEvent.click(await screen.findByRole('button', { name: /Nairobi Gamers/ }));
    const dialog = screen.getByRole('dialog', { name: 'Nairobi Gamers' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Join' }));
    expect(await screen.findByText('No messages yet. Say hello!')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/chat-room/7');
    expect(calls.some((call) => call.path === '/api/profile/chatroom-join/room-7')).toBe(true);
    expect(readProfile()?.chatRooms).toEqual(['room-7']);

    await router.navigate('/chat-room');
    expect(
      within(await screen.findByRole('button', { name: /Nairobi Gamers/ })).getByText('Joined'),
    ).toBeTruthy();
    expect(screen.getByText('25 members · 3 online')).toBeTruthy();
  });

  it('cancelling the dialog joins nothing', async () => {
    const calls = stubServer([buildChatRoom({ id: 7 })]);
    renderChat();
    fireEvent.click(await screen.findByRole('button', { name: /Nairobi Gamers/ }));
    fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(calls.some((call) => call.path.includes('chatroom-join'))).toBe(false);
  });

  it('a room the player turns out to be in already: says so and opens it, counted once', async () => {
    stubServer([buildChatRoom({ id: 7, memberCount: 24 })], 'already');
    const router = renderChat();
    fireEvent.click(await screen.findByRole('button', { name: /Nairobi Gamers/ }));
    fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Join' }));
    await screen.findByText('No messages yet. Say hello!');
    expect(router.state.location.pathname).toBe('/chat-room/7');
    expect(getToasts()).toContainEqual(
      expect.objectContaining({ kind: 'info', message: 'You are already subscribed to this chat room' }),
    );
    expect(readProfile()?.chatRooms).toContain('room-7');
  });

  it('says so when there are no rooms, and offers to try again when the list fails', async () => {
    let answer: { status: number; body: unknown } = failure(500, 'Something happened.', 'INTERNAL');
    stubFetch({
      'GET /api/auth/token': () => ({ status: 200, body: { token: fakeToken() } }),
      'GET /api/chat-rooms/list': () => answer,
    });
    renderRoute(ChatRooms, { path: '/chat-room' });
    fireEvent.click(await screen.findByRole('button', { name: 'Try again' }));
    answer = ok([]);
    expect(await screen.findByText('There are no chat rooms at the moment.')).toBeTruthy();
  });
});

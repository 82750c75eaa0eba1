import { chatMessages } from '@playon/shared/chat';
import { expect, test } from '@playwright/test';
import {
  apiClient,
  apiPlayer,
  bearer,
  clientAddress,
  instanceA,
  instanceB,
  joinRoom,
  stack,
} from './support.ts';

test('the chat flood limit counts messages sent through both instances together', async () => {
  const player = await apiPlayer('Otieno');
  const roomId = await joinRoom(player.api, player, 'General');
  const onA = await apiClient(instanceA.url);
  const onB = await apiClient(instanceB.url);
  // CHAT_FLOOD_LIMIT: 10 messages in any 10 s. Five through each instance are all accepted...
  for (let i = 0; i < 10; i++) {
    const api = i % 2 === 0 ? onA : onB;
    const sent = await api.post('/api/chats/send', {
      headers: bearer(player),
      data: { chatRoomId: roomId, message: `flood ${i}` },
    });
    expect(sent.status(), await sent.text()).toBe(200);
  }
  // ...and the eleventh is refused on either, though each has seen only five.
  for (const api of [onA, onB]) {
    const refused = await api.post('/api/chats/send', {
      headers: bearer(player),
      data: { chatRoomId: roomId, message: 'one too many' },
    });
    expect(refused.status(), await refused.text()).toBe(429);
    const body = (await refused.json()) as { statusMessage: string; payload: { code: string } };
    expect(body.payload.code).toBe('RATE_LIMITED');
    expect(body.statusMessage).toBe(chatMessages.tooFast);
  }
});

test('the login limit counts attempts from one address on both instances together', async () => {
  const player = await apiPlayer('Chebet');
  const address = clientAddress();
  const onA = await apiClient(instanceA.url, address);
  const onB = await apiClient(instanceB.url, address);
  const attempt = (api: typeof onA) =>
    api.post('/api/auth/sign-in/email', {
      data: { email: player.email, password: 'not-the-password' },
      headers: { Origin: stack.balancerUrl },
    });
  // Half of the limit through each instance: each answers "wrong password" every time...
  for (let i = 0; i < stack.authLimitPerMinute; i++) {
    const refused = await attempt(i % 2 === 0 ? onA : onB);
    expect(refused.status(), await refused.text()).toBe(401);
  }
  // ...and the next attempt from that address is held back on both.
  for (const api of [onA, onB]) expect((await attempt(api)).status()).toBe(429);
  // Another address is not.
  const elsewhere = await apiClient(instanceA.url);
  expect((await attempt(elsewhere)).status()).toBe(401);
});

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

test('the sign-in limit counts wrong passwords from one address on both instances together', async () => {
  const address = clientAddress();
  const onA = await apiClient(instanceA.url, address);
  const onB = await apiClient(instanceB.url, address);
  // A credential-stuffing run: leaked passwords tried once on each of many accounts.
  const attempt = (api: typeof onA, account: number) =>
    api.post('/api/auth/sign-in/email', {
      data: { email: `leaked-${account}-${address}@example.com`, password: 'not-the-password' },
      headers: { Origin: stack.balancerUrl },
    });
  // Half of the allowance through each instance: each answers "wrong password" every time...
  for (let i = 0; i < stack.signInFailuresPerAddress; i++) {
    const refused = await attempt(i % 2 === 0 ? onA : onB, i);
    expect(refused.status(), await refused.text()).toBe(401);
  }
  // ...and the next guess from that address, at an account not tried yet, is held back on both.
  for (const api of [onA, onB]) expect((await attempt(api, -1)).status()).toBe(429);
  // Another address is not.
  const elsewhere = await apiClient(instanceA.url);
  expect((await attempt(elsewhere, -1)).status()).toBe(401);
});

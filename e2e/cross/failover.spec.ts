import { expect, type Page, test } from '@playwright/test';
import { signedInPlayer } from '../support/players.ts';
import {
  answerPrompt,
  apiClient,
  apiPlayer,
  balanceOf,
  bearer,
  handPhone,
  joinRoom,
  paymentStatus,
  playerContext,
  stack,
  startTopUp,
} from './support.ts';

/** The page's /ws sockets as Chromium saw them: which instance nginx gave each (X-PlayOn-Upstream). */
async function watchSockets(page: Page) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  const sockets: Array<{ requestId: string; upstream?: string; closed: boolean }> = [];
  cdp.on('Network.webSocketCreated', ({ requestId, url }) => {
    if (new URL(url).pathname === '/ws') sockets.push({ requestId, closed: false });
  });
  cdp.on('Network.webSocketHandshakeResponseReceived', ({ requestId, response }) => {
    const socket = sockets.find((s) => s.requestId === requestId);
    const header = Object.entries(response.headers).find(
      ([name]) => name.toLowerCase() === 'x-playon-upstream',
    );
    if (socket && header) socket.upstream = header[1];
  });
  cdp.on('Network.webSocketClosed', ({ requestId }) => {
    const socket = sockets.find((s) => s.requestId === requestId);
    if (socket) socket.closed = true;
  });
  return sockets;
}

test('killing an instance mid-suite loses no payment, and the players on it reconnect to the other', async ({
  browser,
}) => {
  test.setTimeout(240_000);
  const context = await playerContext(browser);
  const page = await context.newPage();
  const sockets = await watchSockets(page);
  await signedInPlayer(page, await apiClient(), 'Amina');
  await page.goto('/chat-room');
  await page.getByRole('listitem').filter({ hasText: 'General' }).first().click();
  await page.getByRole('dialog').getByRole('button', { name: 'Join' }).click();
  await expect(page).toHaveURL(/\/chat-room\/\d+$/);
  await expect.poll(() => sockets.find((s) => !s.closed && s.upstream)?.upstream).toBeTruthy();
  const upstream = sockets.find((s) => !s.closed && s.upstream)?.upstream as string;

  // The instance holding Amina's socket is the one to kill.
  const victim = stack.instances.find((i) => upstream.endsWith(`:${i.port}`));
  const survivor = stack.instances.find((i) => i !== victim);
  if (!victim?.pid || !survivor) throw new Error(`no instance behind ${upstream}`);

  // Two payments started on the victim: one whose callback is still to come, one whose callback is lost.
  const player = await apiPlayer('Mwangi');
  const paidLater = handPhone();
  const callbackLost = handPhone();
  const first = await startTopUp(player, victim.url, 150, paidLater);
  const second = await startTopUp(player, victim.url, 350, callbackLost);

  process.kill(victim.pid, 'SIGKILL');
  await expect
    .poll(async () => (await fetch(`${victim.url}/api/health`).catch(() => undefined))?.ok)
    .toBeFalsy();

  // The phones answer after the crash: callbacks and the reconciliation reach the survivor.
  await answerPrompt(paidLater, 'pay');
  await answerPrompt(callbackLost, 'pay-callback-lost');

  // Amina's app reconnects, through the balancer, to the survivor...
  await expect
    .poll(() => sockets.filter((s) => !s.closed && s.upstream?.endsWith(`:${survivor.port}`)).length, {
      timeout: 60_000,
    })
    .toBeGreaterThan(0);
  // ...and gets a message sent now, live.
  const brian = await apiPlayer('Brian');
  const roomId = await joinRoom(brian.api, brian, 'General');
  const text = `Still here after ${victim.name.toUpperCase()} went down ${Date.now()}`;
  const sent = await brian.api.post('/api/chats/send', {
    headers: bearer(brian),
    data: { chatRoomId: roomId, message: text },
  });
  expect(sent.status(), await sent.text()).toBe(200);
  await expect(page.getByText(text)).toBeVisible();

  for (const id of [first, second]) {
    await expect.poll(() => paymentStatus(player, id), { timeout: 90_000 }).toBe('COMPLETED');
  }
  expect(await balanceOf(player)).toBe(500);
  await context.close();
});

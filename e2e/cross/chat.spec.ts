import { expect, type Page, test } from '@playwright/test';
import { signedInPlayer } from '../support/players.ts';
import { apiClient, instanceA, instanceB, playerContext } from './support.ts';

/** Opens the room on one instance's own address: the page's requests and its /ws socket all go there. */
async function openRoomOn(page: Page, instanceUrl: string, room: string) {
  await page.goto(`${instanceUrl}/chat-room`);
  await page.getByRole('listitem').filter({ hasText: room }).first().click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText(room);
  await dialog.getByRole('button', { name: 'Join' }).click();
  await expect(page).toHaveURL(/\/chat-room\/\d+$/);
}

async function send(page: Page, text: string) {
  await page.getByRole('textbox', { name: 'Message', exact: true }).fill(text);
  await page.getByRole('button', { name: 'Send' }).click();
}

test('a chat message sent through one instance reaches a member connected to the other, both ways', async ({
  browser,
}) => {
  const aminaContext = await playerContext(browser);
  const brianContext = await playerContext(browser);
  const amina = await aminaContext.newPage();
  const brian = await brianContext.newPage();
  // Signed in through the balancer; the session cookie is the host's, so it goes to both instances.
  await signedInPlayer(amina, await apiClient(), 'Amina');
  const brianPlayer = await signedInPlayer(brian, await apiClient(), 'Brian');

  await openRoomOn(amina, instanceA.url, 'General');
  await openRoomOn(brian, instanceB.url, 'General');

  const hello = `Habari kutoka ${instanceA.name.toUpperCase()} ${Date.now()}`;
  await send(amina, hello);
  await expect(brian.getByText(hello)).toBeVisible();

  const reply = `Poa, from the other instance ${Date.now()}`;
  await send(brian, reply);
  await expect(amina.getByText(reply)).toBeVisible();
  await expect(amina.getByText(brianPlayer.username).first()).toBeVisible();
  await aminaContext.close();
  await brianContext.close();
});

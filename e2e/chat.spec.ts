import { expect, type Page, test } from '@playwright/test';
import { tinyPng } from './support/files.ts';
import { signedInPlayer, snap } from './support/players.ts';
import { watchToasts } from './support/toasts.ts';

async function joinRoom(page: Page, room: string) {
  await page.goto('/chat-room');
  const card = page.getByRole('listitem').filter({ hasText: room }).first();
  await card.click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText(room);
  await dialog.getByRole('button', { name: 'Join' }).click();
  await expect(page).toHaveURL(/\/chat-room\/\d+$/);
}

test('two players join a room and chat live, with an image; a 16 MB file is refused; leaving works', async ({
  browser,
  request,
}) => {
  test.setTimeout(180_000);
  const aminaContext = await browser.newContext();
  const brianContext = await browser.newContext();
  const amina = await aminaContext.newPage();
  const brian = await brianContext.newPage();
  const aminaPlayer = await signedInPlayer(amina, request, 'Amina');
  const brianPlayer = await signedInPlayer(brian, request, 'Brian');

  await amina.goto('/chat-room');
  const general = amina.getByRole('listitem').filter({ hasText: 'General' }).first();
  const before = Number((await general.textContent())?.match(/(\d+) members?/)?.[1] ?? '0');
  await snap(amina, 'chat-rooms');
  await joinRoom(amina, 'General');
  await amina.goto('/chat-room');
  await expect(amina.getByRole('listitem').filter({ hasText: 'General' }).first()).toContainText(
    `${before + 1} member`,
  );
  await amina.getByRole('listitem').filter({ hasText: 'General' }).first().click();
  await expect(amina).toHaveURL(/\/chat-room\/\d+$/);
  await joinRoom(brian, 'General');

  await amina.getByRole('textbox', { name: 'Message', exact: true }).fill('Habari Brian! <b>not bold</b>');
  await amina.getByRole('button', { name: 'Send' }).click();
  await expect(brian.getByText('Habari Brian! <b>not bold</b>')).toBeVisible();
  await expect(brian.getByText(aminaPlayer.username).first()).toBeVisible();
  await brian.getByRole('textbox', { name: 'Message', exact: true }).fill('Poa sana, Amina');
  await brian.getByRole('button', { name: 'Send' }).click();
  await expect(amina.getByText('Poa sana, Amina')).toBeVisible();

  await brian.locator('input[type="file"]').setInputFiles({
    name: 'matatu.png',
    mimeType: 'image/png',
    buffer: tinyPng(),
  });
  await expect(brian.getByRole('textbox', { name: 'Message', exact: true })).toBeDisabled();
  await brian.getByRole('button', { name: 'Send' }).click();
  await expect(
    amina
      .getByRole('img', { name: new RegExp(brianPlayer.username) })
      .or(amina.locator('img[src^="/media/chat/"]'))
      .first(),
  ).toBeVisible();
  await expect(brian.getByRole('textbox', { name: 'Message', exact: true })).toBeEnabled();
  await snap(amina, 'chat-room');

  const aminaToasts = await watchToasts(amina);
  await amina.locator('input[type="file"]').setInputFiles({
    name: 'video.mp4',
    mimeType: 'video/mp4',
    buffer: Buffer.alloc(16 * 1024 * 1024, 1),
  });
  await aminaToasts.expectShown('File size cannot exceed 15MB');
  await expect(amina.getByRole('textbox', { name: 'Message', exact: true })).toBeEnabled();

  await amina.getByRole('button', { name: 'More actions' }).click();
  await amina.getByRole('menuitem', { name: 'Leave chatroom' }).click();
  const confirm = amina.getByRole('dialog');
  await confirm.getByRole('button', { name: /Leave/ }).click();
  await expect(amina).toHaveURL(/\/chat-room$/);
  await expect(amina.getByRole('listitem').filter({ hasText: 'General' }).first()).toContainText(
    `${before + 1} member`,
  );
  await aminaContext.close();
  await brianContext.close();
});

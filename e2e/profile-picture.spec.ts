import { expect, test } from '@playwright/test';
import { tinyPng } from './support/files.ts';
import { signedInPlayer, snap } from './support/players.ts';

test('a player sets a profile picture, and a file that only pretends to be an image is refused', async ({
  page,
  request,
}) => {
  await signedInPlayer(page, request, 'Halima');
  await page.goto('/profile');

  const pick = async (name: string, buffer: Buffer) => {
    const chooser = page.waitForEvent('filechooser');
    await page.getByRole('button', { name: 'Change profile picture' }).click();
    await (await chooser).setFiles({ name, mimeType: 'image/png', buffer });
  };

  await pick('not-really.png', Buffer.from('just some text, not a picture'));
  await expect(page.getByText('Please choose an image (JPEG, PNG, WebP or GIF).')).toBeVisible();

  await pick('me.png', tinyPng());
  await expect(page.getByText('Upload successful.')).toBeVisible();
  const picture = page.getByRole('button', { name: 'Change profile picture' }).locator('img');
  await expect(picture).toHaveAttribute('src', /\/media\/profile-pictures-[\w-]+\//);
  await snap(page, 'profile-picture');

  await page.getByRole('link', { name: 'Home' }).click();
  await expect(page.locator('main img[src*="/media/profile-pictures-"]').first()).toBeVisible();
});

import { expect, type Page, test } from '@playwright/test';
import { signedInPlayer, snap } from './support/players.ts';

/** A room of its own: the other specs join General and Savanna Snake meanwhile. */
const ROOM = 'Matatu Rush';

async function joinRoom(page: Page) {
  await page.goto('/chat-room');
  await page.getByRole('listitem').filter({ hasText: ROOM }).first().click();
  await page.getByRole('dialog').getByRole('button', { name: 'Join' }).click();
  await expect(page).toHaveURL(/\/chat-room\/\d+$/);
}

const countsIn = async (page: Page) => {
  const text = (await page.getByRole('banner').locator('p').textContent()) ?? '';
  const match = /(\d+) members? · (\d+) online/.exec(text);
  if (!match) throw new Error(`no counts in '${text}'`);
  return { members: Number(match[1]), online: Number(match[2]) };
};

test("a newcomer's rooms show life, and a second player joining changes the counts live", async ({
  browser,
  page,
  request,
}) => {
  test.setTimeout(180_000);
  const amina = page;
  await signedInPlayer(amina, request, 'Amina');
  await amina.goto('/chat-room');
  // The demo players belong to the rooms: General has them all.
  const general = amina.getByRole('listitem').filter({ hasText: 'General' }).first();
  await expect(general).toContainText(/\d+ members/);
  expect(Number((await general.textContent())?.match(/(\d+) members/)?.[1])).toBeGreaterThanOrEqual(50);
  await snap(amina, 'chat-life-rooms');

  await joinRoom(amina);
  // What the demo players said is there, under their names.
  await expect(amina.getByText('Wait for the gap, then swerve late. Patience pays')).toBeVisible();
  await expect(amina.getByText('wanjiku_k').first()).toBeVisible();
  // Her own join reaches the header (the list read again, or the counts told over /ws): she is online.
  await expect
    .poll(async () => (await countsIn(amina).catch(() => null))?.online ?? 0)
    .toBeGreaterThanOrEqual(1);
  const before = await countsIn(amina);
  expect(before.members).toBeGreaterThan(1);
  expect(before.online).toBeGreaterThanOrEqual(1);

  const brianContext = await browser.newContext();
  const brian = await brianContext.newPage();
  await signedInPlayer(brian, request, 'Brian');
  await joinRoom(brian);
  // Amina's header changes without a reload: one more member, and he is online.
  await expect(amina.getByRole('banner')).toContainText(
    `${before.members + 1} members · ${before.online + 1} online`,
    { timeout: 30_000 },
  );
  await snap(amina, 'chat-life-room');

  // He closes the app: still a member, no longer online.
  await brianContext.close();
  await expect(amina.getByRole('banner')).toContainText(
    `${before.members + 1} members · ${before.online} online`,
    { timeout: 30_000 },
  );
});

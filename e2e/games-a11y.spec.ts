import { expect, type Page, test } from '@playwright/test';
import { expectNoAxeViolations } from './support/axe.ts';
import { snap } from './support/players.ts';

/** Lets the game run `count` animation frames: a paused game must show the same score after them. */
async function animationFrames(page: Page, count: number) {
  await page.evaluate(
    (total) =>
      new Promise<void>((resolve) => {
        let seen = 0;
        const next = () => (++seen >= total ? resolve() : requestAnimationFrame(next));
        requestAnimationFrame(next);
      }),
    count,
  );
}

test('a player plays Matatu Rush in Kiswahili by keyboard alone, pauses and resumes', async ({ page }) => {
  await page.emulateMedia({ reducedMotion: 'reduce' });
  // The address 'Play now' opens for a player who chose Kiswahili (no session: a practice round).
  await page.goto('/play/matatu-rush/?lang=sw');
  await expect(page.locator('html')).toHaveAttribute('lang', 'sw');
  const start = page.getByRole('dialog', { name: 'Matatu Rush' }).getByRole('button', { name: 'Anza' });
  await expect(start).toBeFocused();
  await expect(page.getByText(/Kwepa magari yanayokuja/)).toBeVisible();
  await snap(page, 'game-sw-start');
  await expectNoAxeViolations(page, 'the start panel in Kiswahili');

  await page.keyboard.press('Enter');
  const score = page.getByTestId('score');
  await expect(score).not.toHaveText('0');
  await page.keyboard.press('ArrowLeft');
  await page.keyboard.press('p');
  const paused = page.getByRole('dialog', { name: 'Mchezo umesimama' });
  await expect(paused).toBeVisible();
  await expect(paused.getByRole('button', { name: 'Endelea' })).toBeFocused();
  const scoreAtPause = await score.textContent();
  await animationFrames(page, 30);
  await expect(score).toHaveText(scoreAtPause ?? '');
  await snap(page, 'game-sw-paused');
  await expectNoAxeViolations(page, 'the paused panel in Kiswahili');

  await page.keyboard.press('Enter');
  await expect(paused).toBeHidden();
  await expect(score).not.toHaveText(scoreAtPause ?? '');

  // Tab reaches the header's Pause button: Back to PlayOn first, then Pause, named in Kiswahili.
  await page.keyboard.press('Tab');
  await expect(page.getByRole('link', { name: 'Rudi PlayOn' })).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(page.getByRole('button', { name: 'Simamisha' })).toBeFocused();
  await page.screenshot({ path: 'e2e/screenshots/game-sw-pause-focused.png' });
  await page.keyboard.press('Enter');
  await expect(paused).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(paused).toBeHidden();
});

test('Tile Merge and Savanna Snake speak Kiswahili too, and a paused board takes no move', async ({
  page,
}) => {
  await page.goto('/play/tile-merge/?lang=sw');
  await expect(page.getByRole('button', { name: 'Maliza mchezo' })).toBeVisible();
  await expect(page.getByText('Kigae kikubwa')).toBeVisible();
  const board = page.getByRole('region', { name: 'Ubao' });
  await page.keyboard.press('Escape');
  const paused = page.getByRole('dialog', { name: 'Mchezo umesimama' });
  await expect(paused).toBeVisible();
  const before = await board.innerHTML();
  for (const key of ['ArrowLeft', 'ArrowUp', 'ArrowRight', 'ArrowDown']) await page.keyboard.press(key);
  expect(await board.innerHTML()).toBe(before);
  await page.keyboard.press('Escape');
  await expect(paused).toBeHidden();
  await snap(page, 'game-sw-tile-merge');
  await expectNoAxeViolations(page, 'Tile Merge in Kiswahili');

  await page.goto('/play/savanna-snake/?lang=sw');
  await expect(page.getByRole('button', { name: 'Anza' })).toBeFocused();
  await expect(page.getByText('Kasi', { exact: true })).toBeVisible();
  await snap(page, 'game-sw-savanna-snake');
  await expectNoAxeViolations(page, 'Savanna Snake in Kiswahili');
});

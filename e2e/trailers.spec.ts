import { expect, type Page, test } from '@playwright/test';
import { signedInPlayer, snap } from './support/players.ts';

const demoGames = ['Savanna Snake', 'Matatu Rush', 'Tile Merge'];

async function openDetails(page: Page, name: string) {
  await page.goto('/games');
  await page.getByRole('article').filter({ hasText: name }).getByRole('link', { name: 'View game' }).click();
  await expect(page.getByRole('heading', { level: 2, name })).toBeVisible();
}

const headingTop = async (page: Page) => (await page.getByRole('heading', { level: 2 }).boundingBox())?.y;

test("each demo game's details show its recorded trailer's poster, and a tap plays the clip muted and inline", async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  const clips: string[] = [];
  page.on('request', (sent) => {
    if (/\/trailer\.mp4/.test(sent.url())) clips.push(sent.url());
  });
  await signedInPlayer(page, request, 'Kamau');

  for (const name of demoGames) {
    await openDetails(page, name);
    const video = page.getByLabel(`${name} trailer`, { exact: true });
    await expect(video).toBeVisible();
    const poster = await video.getAttribute('poster');
    expect(poster).toMatch(/^\/play\/[a-z-]+\/trailer\.webp\?v=/);
    const picture = await page.request.get(poster ?? '');
    expect(picture.headers()['content-type']).toBe('image/webp');
    // The frame is 853:480 on a 360-wide screen from the first paint: the poster and the clip fill it.
    const box = await video.boundingBox();
    expect(Math.abs((box?.width ?? 0) / (box?.height ?? 1) - 853 / 480)).toBeLessThan(0.02);
    expect(clips).toEqual([]);
    if (name === 'Savanna Snake') await snap(page, 'game-details-trailer-poster');

    const before = await headingTop(page);
    await page.getByRole('button', { name: `Play the ${name} trailer` }).click();
    await expect
      .poll(() => video.evaluate((el: HTMLVideoElement) => el.currentTime), { timeout: 30_000 })
      .toBeGreaterThan(1);
    expect(
      await video.evaluate((el: HTMLVideoElement) => ({
        isPaused: el.paused,
        isMuted: el.muted,
        hasControls: el.controls,
      })),
    ).toEqual({ isPaused: false, isMuted: true, hasControls: true });
    expect(await headingTop(page)).toBe(before);
    expect(clips.length).toBeGreaterThan(0);
    clips.length = 0;
    if (name === 'Savanna Snake')
      await page.screenshot({ path: 'e2e/screenshots/game-details-trailer-playing.png' });
  }
});

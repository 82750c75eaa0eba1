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

test('a trailer that played once plays again offline, its ranges answered from the kept file', async ({
  page,
  request,
}) => {
  await signedInPlayer(page, request, 'Wanjiru');
  // The worker takes the page as soon as it is ready: from then on it sees the clip's requests.
  await page.waitForFunction(() => Boolean(navigator.serviceWorker?.controller));
  await openDetails(page, 'Matatu Rush');
  const video = page.getByLabel('Matatu Rush trailer', { exact: true });
  await page.getByRole('button', { name: 'Play the Matatu Rush trailer' }).click();
  await expect.poll(() => video.evaluate((el: HTMLVideoElement) => el.currentTime)).toBeGreaterThan(1);
  const clip = await video.evaluate((el: HTMLVideoElement) => el.currentSrc);
  const isKept = (url: string) =>
    page.evaluate(async (kept) => Boolean(await (await caches.open('playon-trailers')).match(kept)), url);
  await expect.poll(() => isKept(clip)).toBe(true);
  const served = await (await page.request.get(clip)).body();

  await page.context().setOffline(true);
  const askRange = (url: string, range: string) =>
    page.evaluate(
      async ({ url, range }) => {
        try {
          const answer = await fetch(url, { headers: { Range: range } });
          const body = new Uint8Array(await answer.arrayBuffer());
          return {
            status: answer.status,
            contentRange: answer.headers.get('Content-Range'),
            bytes: Array.from(body),
          };
        } catch {
          return { status: 0, contentRange: null, bytes: [] };
        }
      },
      { url, range },
    );
  // A seek: 206 with exactly the bytes the server sent, from the kept file.
  expect(await askRange(clip, 'bytes=100-199')).toEqual({
    status: 206,
    contentRange: `bytes 100-199/${served.length}`,
    bytes: Array.from(served.subarray(100, 200)),
  });
  expect((await askRange(clip, `bytes=-10`)).bytes).toEqual(Array.from(served.subarray(served.length - 10)));
  // A trailer never played is not kept: with no network it cannot come (so the one above did not either).
  const otherClip = clip.replace('/matatu-rush/', '/savanna-snake/');
  expect((await askRange(otherClip, 'bytes=100-199')).status).toBe(0);

  // And it plays with no network, in a video as the details page makes (the app itself has gone to
  // its Connection Lost screen meanwhile: the clip is the worker's to give).
  const playedOffline = await page.evaluate(async (url) => {
    const replay = document.createElement('video');
    replay.muted = true;
    replay.playsInline = true;
    replay.src = url;
    document.body.append(replay);
    await replay.play();
    await new Promise((resolve) =>
      replay.addEventListener('timeupdate', () => replay.currentTime > 1 && resolve(null)),
    );
    return replay.currentTime;
  }, clip);
  expect(playedOffline).toBeGreaterThan(1);
  await page.context().setOffline(false);
});

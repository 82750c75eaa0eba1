import { expect, type Page, test } from '@playwright/test';
import { tinyPng } from './support/files.ts';
import { signedInPlayer, snap } from './support/players.ts';

const PLAYER = 'https://www.youtube-nocookie.com';
const specError = "Sorry, it seems we're having trouble connecting to the server. Please try again later.";

/** YouTube's pictures, served here: the test machine may have no internet. */
async function serveThumbnails(page: Page) {
  await page.route('https://i.ytimg.com/**', (route) =>
    route.fulfill({ status: 200, contentType: 'image/png', body: tinyPng() }),
  );
}

/** A player page that answers the iframe API's 'listening' as YouTube's does once a video is ready. */
const answeringPlayer = `<!doctype html><body style="background:#000"><script>
addEventListener('message', (event) => {
  if (String(event.data).includes('listening'))
    event.source.postMessage(JSON.stringify({ event: 'onReady', id: 1, channel: 'widget' }), event.origin);
});
</script></body>`;

test('Playon TV lists titled videos with pictures; a blocked player says so and plays on Try again', async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  await serveThumbnails(page);
  // YouTube's player cannot be reached (a blocked network).
  await page.route(`${PLAYER}/**`, (route) => route.abort('blockedbyclient'));
  await signedInPlayer(page, request, 'Wanjiru');
  await page.goto('/playon-tv');

  const poster = page.getByRole('button', { name: 'Play Big Buck Bunny' });
  await expect(poster).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: 'Big Buck Bunny' })).toBeVisible();
  const more = page.getByRole('region', { name: 'More to watch' });
  await expect(more.getByRole('article')).toHaveCount(2);
  await expect(more.getByRole('heading', { name: 'Sintel' })).toBeVisible();
  await expect(
    more.getByRole('heading', { name: 'YouTube Developers Live: Embedded Web Player Customization' }),
  ).toBeVisible();
  await expect(page.getByText(/YouTube video [\w-]{11}/)).toHaveCount(0);
  for (const picture of await page.locator('main img').all()) {
    await expect(picture).toHaveAttribute('src', /^https:\/\/i\.ytimg\.com\/vi\/[\w-]{11}\/hqdefault\.jpg$/);
    await expect.poll(() => picture.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
  }
  await expect(page.locator('main img')).toHaveCount(3);
  // Nothing of YouTube's loads before a tap.
  await expect(page.locator('iframe')).toHaveCount(0);
  await snap(page, 'tv-list');

  const box = page.locator('main div.aspect-\\[853\\/480\\]').first();
  const before = await box.boundingBox();
  await poster.click();
  await expect(page.getByRole('alert')).toHaveText(specError, { timeout: 90_000 });
  expect(await box.boundingBox()).toEqual(before);
  await expect(page.locator('iframe')).toHaveCount(0);
  await snap(page, 'tv-blocked');

  // The network is back: Try again loads the player in the same box, which replaces the picture.
  await page.unroute(`${PLAYER}/**`);
  await page.route(`${PLAYER}/**`, (route) =>
    route.fulfill({ status: 200, contentType: 'text/html', body: answeringPlayer }),
  );
  await page.getByRole('button', { name: 'Try again' }).click();
  await expect(page.getByRole('alert')).toHaveCount(0);
  await expect(page.getByTitle('PlayOn TV video')).toBeVisible();
  await expect(poster).toHaveCount(0, { timeout: 60_000 });
  expect(await box.boundingBox()).toEqual(before);
  const src = new URL((await page.getByTitle('PlayOn TV video').getAttribute('src')) as string);
  expect(`${src.origin}${src.pathname}`).toBe(`${PLAYER}/embed/aqz-KE-bpKQ`);
});

import { randomUUID } from 'node:crypto';
import { expect, type Page, test } from '@playwright/test';
import { sw } from '../apps/web/src/lib/locales/sw.ts';
import { expectNoAxeViolations } from './support/axe.ts';
import { tinyPng } from './support/files.ts';
import { adminAtLaptop } from './support/ops-content.ts';
import { signedInPlayer } from './support/players.ts';
import { asPlayer } from './support/wallet.ts';

/**
 * The console's Kiswahili fields (chat rooms, banners, packages, games) at 1280 px, and the
 * player screens showing that content in Kiswahili at 360 px, photographed under test-results for a
 * person to look at. A form or screen that scrolls sideways, or cuts a label, fails here.
 */

/**
 * Texts cut by an ellipsis or a clipped box inside `scope`, a page wider than its window, and what
 * axe finds on the screen (rules); then the photograph.
 */
async function expectFits(page: Page, name: string, scope = 'main, [role="dialog"]') {
  // Pictures drawn before the photograph: a banner still loading would look like a missing one.
  await expect
    .poll(() =>
      page.evaluate(() =>
        [...document.images]
          .filter((image) => {
            const box = image.getBoundingClientRect();
            return box.width > 0 && box.bottom > 0 && box.top < window.innerHeight;
          })
          .every((image) => image.complete && image.naturalWidth > 0),
      ),
    )
    .toBe(true);
  const cut = await page.evaluate((inside) => {
    const found: string[] = [];
    for (const element of document.querySelectorAll(`${inside.replaceAll(',', ' *,')} *`)) {
      if (!(element instanceof HTMLElement) || element.offsetParent === null) continue;
      if (element.closest('.sr-only, [aria-roledescription="carousel"], input, textarea')) continue;
      const style = getComputedStyle(element);
      const clips = style.textOverflow === 'ellipsis' || ['hidden', 'clip'].includes(style.overflowX);
      if (clips && element.scrollWidth > element.clientWidth + 1)
        found.push(element.textContent?.trim().slice(0, 60) ?? element.tagName);
    }
    for (const dialog of document.querySelectorAll<HTMLElement>('[role="dialog"]'))
      if (dialog.scrollWidth > dialog.clientWidth + 1) found.push('the dialog scrolls sideways');
    if (document.documentElement.scrollWidth > window.innerWidth) found.push('the page scrolls sideways');
    return found;
  }, scope);
  expect.soft(cut, `${name}: cut or too wide`).toEqual([]);
  await expectNoAxeViolations(page, name);
  await page.screenshot({ path: test.info().outputPath(`${name}.png`) });
}

/** Opens a console list's row by its text (a package: its card's Edit) and waits for its dialog. */
async function openRow(page: Page, path: string, text: string) {
  await page.goto(path);
  await page
    .getByRole('row')
    .filter({ hasText: text })
    .or(page.getByRole('main').getByRole('button', { name: `Edit ${text}`, exact: true }))
    .first()
    .click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toBeVisible();
  return dialog;
}

test("an admin finds each content's Kiswahili beside its English, and adds a game and a banner with theirs", async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const admin = await adminAtLaptop(browser, '/ops/content/chat-rooms');
  const optional = '(optional; players reading Kiswahili see the English without it)';

  const room = await openRow(admin, '/ops/content/chat-rooms', 'General');
  await expect(room.getByLabel(`Name in Kiswahili ${optional}`)).toHaveValue('Jumla');
  await expect(room.getByLabel(`Name in Kiswahili ${optional}`)).toHaveAttribute('lang', 'sw');
  await expectFits(admin, 'console-room-sw');

  const pack = await openRow(admin, '/ops/content/packages', 'Gold');
  await expect(pack.getByLabel(`Description in Kiswahili ${optional}`)).toHaveValue(/^Kila kitu cha Silver/);
  await expectFits(admin, 'console-package-sw');

  // A seeded banner: its Kiswahili texts; its picture has no words, so it needs no Kiswahili one.
  const boost = await openRow(admin, '/ops/content/banners', 'Boost a friend');
  await expect(boost.getByLabel('Title in Kiswahili (optional)')).toHaveValue('Mwongezee rafiki pesa');
  await boost.getByRole('button', { name: 'Cancel' }).click();
  await expect(admin.getByRole('row').filter({ hasText: 'Boost a friend' })).toContainText(
    'Texts, English picture',
  );

  // A new banner whose picture has words: one in English, one in Kiswahili for Kiswahili readers.
  const title = `Siku ya Madaraka ${randomUUID().slice(0, 6)}`;
  await admin.getByRole('button', { name: 'New banner' }).click();
  const banner = admin.getByRole('dialog');
  await banner.getByLabel('Image', { exact: true }).setInputFiles({
    name: 'en.png',
    mimeType: 'image/png',
    buffer: tinyPng(),
  });
  await banner.getByLabel('Title', { exact: true }).fill(title);
  await banner.getByLabel('Description (shown when a player taps the banner)').fill('Play all day.');
  await banner.getByLabel('Title in Kiswahili (optional)').fill(title);
  await banner.getByLabel(/^Picture in Kiswahili/).setInputFiles({
    name: 'sw.png',
    mimeType: 'image/png',
    buffer: tinyPng(),
  });
  await expect(banner.locator('img')).toHaveCount(2);
  const removeSw = banner.getByRole('button', { name: /^Remove: Picture in Kiswahili/ });
  await removeSw.evaluate((element) => element.scrollIntoView({ block: 'center' }));
  await expectFits(admin, 'console-banner-sw');
  await banner.getByLabel('Order in the slider (lower first)').fill('9000');
  await banner.getByRole('button', { name: 'Save' }).click();
  await expect(banner).toHaveCount(0);
  await expect(admin.getByRole('row').filter({ hasText: title })).toContainText('Texts and picture');
  const pictureFor = async (language: string) => {
    const { token } = (await (await admin.request.get('/api/auth/token')).json()) as { token: string };
    const answer = await admin.request.get('/api/events', {
      headers: { Authorization: `Bearer ${token}`, 'Accept-Language': language },
    });
    const events = ((await answer.json()) as { payload: Array<{ title: string; eventBannerUrl: string }> })
      .payload;
    return events.find((event) => event.title === title)?.eventBannerUrl;
  };
  const [english, kiswahili] = [await pictureFor('en'), await pictureFor('sw')];
  expect(english).toMatch(/^\/media\//);
  expect(kiswahili).toMatch(/^\/media\//);
  expect(kiswahili).not.toBe(english);

  // The game form: the English description shown, the Kiswahili one written beside it.
  const snake = await openRow(admin, '/ops/content/games', 'Savanna Snake');
  await expect(snake.getByText(/^Guide your snake across the savanna/)).toBeVisible();
  const snakeSw = snake.getByLabel(`Description in Kiswahili ${optional}`);
  await expect(snakeSw).toHaveValue(/^Ongoza nyoka wako kuvuka savanna/);
  await expect(snakeSw).toHaveAttribute('lang', 'sw');
  await snakeSw.evaluate((element) => element.scrollIntoView({ block: 'center' }));
  await expectFits(admin, 'console-game-sw');
  await snake.getByRole('button', { name: 'Cancel' }).click();

  const name = `Chemsha Bongo ${randomUUID().slice(0, 6)}`;
  const descriptionSw = 'Jibu maswali kuhusu Kenya kwa haraka uwezavyo.';
  await admin.getByRole('button', { name: 'Add an outside game' }).click();
  const outside = admin.getByRole('dialog');
  await outside.getByLabel('Name', { exact: true }).fill(name);
  await outside.getByLabel('Address (https://)').fill('https://games.partner.example/bongo/');
  await outside.getByLabel('Package id').fill(`com.partner.bongo${randomUUID().slice(0, 6)}`);
  await outside.getByLabel('Description', { exact: true }).fill('Answer questions about Kenya, fast.');
  await outside.getByLabel(`Description in Kiswahili ${optional}`).fill(descriptionSw);
  // Disabled: other specs running alongside play the first game players are shown.
  await outside.getByRole('checkbox', { name: /^Enabled/ }).uncheck();
  await outside
    .getByLabel('Icon')
    .setInputFiles({ name: 'icon.png', mimeType: 'image/png', buffer: tinyPng() });
  await outside
    .getByLabel(`Description in Kiswahili ${optional}`)
    .evaluate((element) => element.scrollIntoView({ block: 'center' }));
  await expectFits(admin, 'console-outside-game-sw');
  await outside.getByRole('button', { name: 'Add the game' }).click();
  await expect(outside).toHaveCount(0);
  const added = await openRow(admin, '/ops/content/games', name);
  await expect(added.getByLabel(`Description in Kiswahili ${optional}`)).toHaveValue(descriptionSw);
  await admin.context().close();
});

test('a player reading Kiswahili sees the banners titled in Kiswahili, the rooms, a game and the TV in Kiswahili', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await page.addInitScript(() => localStorage.setItem('playon.language', 'sw'));
  await signedInPlayer(page, request, 'Wanjiku');

  await page.goto('/dashboard');
  // The seeded pictures have no words: the titles drawn over them are in Kiswahili. Other specs add
  // banners of their own at the same time, so the seeded one need not be the slide shown.
  const events = page.getByRole('region', { name: sw.dashboard.events });
  await expect(
    events.getByRole('button', { name: 'Mwongezee rafiki pesa', includeHidden: true }),
  ).toHaveCount(1);
  await expectFits(page, 'player-dashboard-sw');

  await page.goto('/chat-room');
  await expect(page.getByRole('button', { name: /Jumla/ })).toBeVisible();
  await expectFits(page, 'player-rooms-sw');

  const games = await asPlayer<Array<{ id: number; name: string }>>(page, '/api/games/list');
  const snake = games.find((game) => game.name === 'Savanna Snake');
  await page.goto(`/games/${snake?.id}`);
  await expect(page.getByText(/Ongoza nyoka wako kuvuka savanna/)).toBeVisible();
  await expectFits(page, 'player-game-sw');

  await page.goto('/playon-tv');
  await expect(page.getByRole('button', { name: sw.tv.watchNow }).first()).toBeVisible();
  await expectFits(page, 'player-tv-sw');
});

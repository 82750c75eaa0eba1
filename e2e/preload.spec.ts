import { expect, type Page, type Request, test } from '@playwright/test';
import { logInThroughUi, newPlayer, registerPlayer, signedInPlayer } from './support/players.ts';

// Where the next screen is known, its chunks are asked for before the player goes there,
// and a screen's first questions to the server are asked once, at boot. Each check is on requests
// made, never on how long anything took.

/** Every request the page makes from now on, to look back at. */
function recordRequests(page: Page): Request[] {
  const requests: Request[] = [];
  page.on('request', (request) => requests.push(request));
  return requests;
}

const chunk = (name: string) => new RegExp(`/assets/${name}-[\\w-]+\\.js$`);
const asked = (requests: Request[], pattern: RegExp) =>
  requests.some((request) => pattern.test(new URL(request.url()).pathname));
/** The chunks the page's HTML names as modulepreloads (the server adds a first screen's). */
const preloadedChunks = (page: Page) =>
  page
    .locator('link[rel="modulepreload"]')
    .evaluateAll((links) => links.map((link) => new URL((link as HTMLLinkElement).href).pathname));
const session = /^\/api\/auth\/get-session$/;
const token = /^\/api\/auth\/token$/;
const loginCheck = /^\/api\/auth\/login$/;

test('Get Started loads the login screen while the slides show', async ({ page }) => {
  const requests = recordRequests(page);
  await page.goto('/');
  await expect(page.getByRole('button', { name: 'Get Started' })).toBeVisible();
  // `/` alone stays light: nothing of the login screen before the tap.
  expect(asked(requests, chunk('login'))).toBe(false);

  const loginChunk = page.waitForRequest((request) => chunk('login').test(new URL(request.url()).pathname));
  await page.getByRole('button', { name: 'Get Started' }).click();
  await loginChunk;
  await expect(page.getByRole('button', { name: 'Next' })).toBeVisible();
  expect(new URL(page.url()).pathname).toBe('/');
});

test('the login screen asks for the session once, and loads the dashboard while the player types', async ({
  page,
  request,
}) => {
  const player = newPlayer('Wanjiku');
  await registerPlayer(request, player);
  const requests = recordRequests(page);
  await page.goto('/login');
  await expect(page.getByRole('heading', { name: 'Welcome back!' })).toBeVisible();
  // The screen's chunks are named in the page's HTML, so they come with the entry; the session is sent
  // by the entry at boot and taken by the login screen's check: not asked a second time.
  expect(await preloadedChunks(page)).toEqual(
    expect.arrayContaining([expect.stringMatching(chunk('login'))]),
  );
  expect(requests.filter((sent) => session.test(new URL(sent.url()).pathname))).toHaveLength(1);
  expect(asked(requests, chunk('dashboard'))).toBe(false);

  const dashboardChunk = page.waitForRequest((sent) => chunk('dashboard').test(new URL(sent.url()).pathname));
  await page.getByLabel('Email').focus();
  await dashboardChunk;
  await logInThroughUi(page, player);
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('heading', { name: /^Hi, Wanjiku/ })).toBeVisible();
});

// The first tab's service worker, once installed, answers a new tab from its precache, whose page
// has no token (ADR 0040: an installed app asks for it); on a busy machine it is installed before
// the new tab opens. This spec is about the server's page, so no worker answers it.
test.describe(() => {
  test.use({ serviceWorkers: 'block' });

  test('a new tab on the dashboard asks nothing its page answered: the session, the token, the login check and the banners came in it; the wallet loads the amount screen', async ({
    page,
    request,
  }) => {
    await signedInPlayer(page, request, 'Otieno');
    const fresh = await page.context().newPage();
    const requests = recordRequests(fresh);
    const html = await (await fresh.goto('/dashboard'))?.text();
    await expect(fresh.getByRole('heading', { name: /^Hi, Otieno/ })).toBeVisible();
    // The access token came in the page (ADR 0040), and with it what the screen asks first: the
    // session, the login check and the screen's data, answered by the server for that token (ADR
    // 0064). The entry took both out of the document at once, and none of them is asked again.
    expect(html).toMatch(/<meta name="playon-access-token" content="[\w-]+\.[\w-]+\.[\w-]+">/);
    expect(html).toContain('<script type="application/json" id="playon-page-answers">');
    await expect(fresh.locator('meta[name="playon-access-token"]')).toHaveCount(0);
    await expect(fresh.locator('#playon-page-answers')).toHaveCount(0);
    // The banners (the screen's largest element waits on them) are drawn from the page's answer.
    await expect(fresh.locator('img[src^="/content/banners/"]').first()).toBeVisible();
    for (const asked of [session, token, loginCheck, /^\/api\/events$/, /^\/api\/profile\/recent-games$/])
      expect(
        requests.filter((sent) => asked.test(new URL(sent.url()).pathname)),
        String(asked),
      ).toHaveLength(0);
    // The router's, the layouts' and guards' (first-screens) and the dashboard's chunks come with the
    // page, named in its HTML, and no chunk that only re-exports another's (ADR 0041).
    expect(await preloadedChunks(fresh)).toEqual(
      expect.arrayContaining(
        ['router', 'first-screens', 'dashboard'].map((name) => expect.stringMatching(chunk(name))),
      ),
    );
    for (const facade of ['require-auth', 'require-complete-profile', 'providers-layout', 'start-router'])
      expect(asked(requests, chunk(facade)), facade).toBe(false);

    const amountChunk = fresh.waitForRequest((sent) => chunk('amount').test(new URL(sent.url()).pathname));
    await fresh.goto('/account/wallet');
    await expect(fresh.getByRole('button', { name: 'Top up', exact: true })).toBeVisible();
    await amountChunk;
    await fresh.getByRole('button', { name: 'Top up', exact: true }).click();
    await expect(fresh.getByRole('button', { name: 'Delete last digit' })).toBeVisible();
  });
});

import { expect, type Page, test } from '@playwright/test';
import { baseURL } from '../playwright.config.ts';
import { expectNoAxeViolations, waitForContent } from './support/axe.ts';
import { signedInPlayer } from './support/players.ts';

/**
 * Challenges between friends (docs/product.md, "Challenges"): A finishes a run of Matatu Rush and
 * challenges B by username from the game's score panel; B plays the same seed once; both see the
 * results side by side and A is told. Every screen has no axe violation at 360 x 740, in English and
 * in Kiswahili, and is photographed under test-results for a person to look at.
 */

async function photograph(page: Page, name: string) {
  expect(
    await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth),
    `${name} scrolls sideways`,
  ).toBe(true);
  await page.screenshot({ path: test.info().outputPath(`${name}.png`) });
}

/** Opens Matatu Rush from its page, plays one run without steering (the traffic ends it) and waits for the save. */
async function playMatatuRun(page: Page) {
  await page.getByTestId('start').click();
  await expect(page.getByTestId('final-score')).toBeVisible({ timeout: 60_000 });
  await expect(page.getByTestId('score-status')).toContainText(/saved|zimehifadhiwa/i, { timeout: 30_000 });
  return Number(await page.getByTestId('final-score').textContent());
}

async function setLanguage(page: Page, uid: string, language: 'en' | 'sw') {
  const { token } = (await (await page.request.get('/api/auth/token')).json()) as { token: string };
  const response = await page.request.put(`/api/profile/${uid}`, {
    headers: { Authorization: `Bearer ${token}` },
    data: { language },
  });
  expect(response.ok(), `language: ${response.status()}`).toBe(true);
  await page.evaluate((chosen) => localStorage.setItem('playon.language', chosen), language);
}

test('A challenges B by username after a run, B plays the same seed, both see the results and A is told', async ({
  page,
  request,
  browser,
}) => {
  test.setTimeout(240_000);
  const amina = await signedInPlayer(page, request, 'Amina');
  const friendContext = await browser.newContext({
    baseURL,
    viewport: { width: 360, height: 740 },
    isMobile: true,
    hasTouch: true,
  });
  const friendPage = await friendContext.newPage();
  const brian = await signedInPlayer(friendPage, friendContext.request, 'Brian');

  // A: an empty list first, then a run of Matatu Rush and 'Challenge a friend' from its score.
  await page.goto('/challenges');
  await waitForContent(page, page.getByText('No challenges from friends yet. Ask a friend to send you one.'));
  await expectNoAxeViolations(page, 'challenges (empty, en)');
  await photograph(page, 'challenges-empty-en');

  const games = (await (
    await page.request.get('/api/games/list', {
      headers: {
        Authorization: `Bearer ${((await (await page.request.get('/api/auth/token')).json()) as { token: string }).token}`,
      },
    })
  ).json()) as { payload: Array<{ id: number; name: string }> };
  const matatu = games.payload.find((game) => game.name === 'Matatu Rush');
  if (!matatu) throw new Error('Matatu Rush is not in the catalogue');
  await page.goto(`/games/${matatu.id}`);
  await page.getByRole('button', { name: 'Play now' }).click();
  await expect(page).toHaveURL(/\/play\/matatu-rush\/\?.*session=/);
  const seed = new URL(page.url()).searchParams.get('seed');
  const aminaScore = await playMatatuRun(page);
  await page.getByTestId('challenge-friend').click();
  await expect(page).toHaveURL(/\/challenges\/new\?run=/);
  await waitForContent(page, page.getByRole('heading', { name: 'Who do you want to beat?' }));
  await expectNoAxeViolations(page, 'challenge a friend (en)');
  await photograph(page, 'challenge-new-en');
  await page.getByLabel("Friend's username").fill(brian.username);
  await page.getByRole('button', { name: 'Send challenge' }).click();
  await expect(page).toHaveURL(/\/challenges\/[\w-]{22}$/);
  const code = new URL(page.url()).pathname.split('/').pop() ?? '';
  await waitForContent(page, page.getByRole('heading', { name: 'Your challenge' }));
  await expect(page.getByText(`Sent to ${brian.username}`, { exact: false })).toBeVisible();
  await expect(page.getByText('No answers yet.')).toBeVisible();
  await expectNoAxeViolations(page, 'challenge, sent (en)');

  // B: the challenge is in the list; accepting opens the game on Amina's seed.
  await friendPage.goto('/challenges');
  const card = friendPage.getByRole('article').filter({ hasText: amina.username });
  await waitForContent(friendPage, card);
  await expectNoAxeViolations(friendPage, 'challenges, received (en)');
  await photograph(friendPage, 'challenges-received-en');
  await card.getByRole('link').click();
  await waitForContent(
    friendPage,
    friendPage.getByRole('heading', { name: `${amina.username} challenges you` }),
  );
  await expectNoAxeViolations(friendPage, 'challenge, open (en)');
  await photograph(friendPage, 'challenge-open-en');
  await friendPage.getByRole('button', { name: 'Accept and play' }).click();
  await expect(friendPage).toHaveURL(new RegExp(`/play/matatu-rush/\\?.*challenge=${code}`));
  expect(new URL(friendPage.url()).searchParams.get('seed')).toBe(seed);
  const brianScore = await playMatatuRun(friendPage);
  await friendPage.getByTestId('challenge-result').click();
  await expect(friendPage).toHaveURL(new RegExp(`/challenges/${code}$`));

  // Both see the results side by side.
  const outcome = brianScore > aminaScore ? 'You won' : brianScore < aminaScore ? 'You lost' : 'A tie';
  const brianResult = friendPage.getByTestId('challenge-result');
  await waitForContent(friendPage, brianResult);
  await expect(brianResult).toContainText(outcome);
  await expectNoAxeViolations(friendPage, 'challenge, result (en)');
  await photograph(friendPage, 'challenge-result-en');

  const aminaOutcome = outcome === 'You won' ? 'You lost' : outcome === 'You lost' ? 'You won' : 'A tie';
  await page.reload();
  await waitForContent(page, page.getByTestId('challenge-result'));
  await expect(page.getByTestId('challenge-result')).toContainText(aminaOutcome);
  await expect(page.getByTestId('challenge-result')).toContainText(brian.username);

  // A is told, in the app's notifications.
  await page.goto('/notifications');
  const told = page.getByRole('article').or(page.getByRole('listitem')).filter({ hasText: brian.username });
  await expect(told.first()).toContainText(
    /You won a challenge|You lost a challenge|Your challenge is a tie/,
  );

  await page.goto('/challenges');
  await page.getByRole('tab', { name: 'Sent' }).click();
  await waitForContent(page, page.getByRole('tabpanel').getByRole('article'));
  await expectNoAxeViolations(page, 'challenges, sent (en)');
  await photograph(page, 'challenges-sent-en');

  // The same screens in Kiswahili.
  await setLanguage(friendPage, brian.uid, 'sw');
  await friendPage.goto('/challenges');
  await expect(friendPage.locator('html')).toHaveAttribute('lang', 'sw');
  await waitForContent(friendPage, friendPage.getByRole('tab', { name: 'Ulizopokea' }));
  await waitForContent(friendPage, friendPage.getByRole('article'));
  await expectNoAxeViolations(friendPage, 'challenges, received (sw)');
  await photograph(friendPage, 'challenges-received-sw');
  await friendPage.getByRole('tab', { name: 'Umeshindwa' }).click();
  await friendPage.getByRole('tab', { name: 'Zilizoisha' }).click();
  await waitForContent(friendPage, friendPage.getByText('Hakuna changamoto zilizoisha muda.'));
  await expectNoAxeViolations(friendPage, 'challenges, expired empty (sw)');
  await friendPage.goto(`/challenges/${code}`);
  await waitForContent(friendPage, friendPage.getByTestId('challenge-result'));
  await expect(
    friendPage.getByRole('heading', { name: `${amina.username} anakupa changamoto` }),
  ).toBeVisible();
  await expectNoAxeViolations(friendPage, 'challenge, result (sw)');
  await photograph(friendPage, 'challenge-result-sw');

  await setLanguage(page, amina.uid, 'sw');
  await page.goto(`/challenges/new?run=x`);
  await waitForContent(page, page.getByRole('heading', { name: 'Unataka kumshinda nani?' }));
  await expectNoAxeViolations(page, 'challenge a friend (sw)');
  await photograph(page, 'challenge-new-sw');
  await friendContext.close();
});

test('a challenge link opens in a chat app with its preview and no session in it', async ({
  page,
  request,
}) => {
  await signedInPlayer(page, request, 'Zawadi');
  const { token } = (await (await page.request.get('/api/auth/token')).json()) as { token: string };
  const unknown = await page.request.get('/challenges/AAAAAAAAAAAAAAAAAAAAAA');
  expect(await unknown.text()).not.toContain('og:title');
  // Without a run to send, the screen says how to get one.
  await page.goto('/challenges/new');
  await expect(
    page.getByText('Finish a game first, then tap Challenge a friend on its score.'),
  ).toBeVisible();
  const refused = await page.request.post('/api/challenges', {
    headers: { Authorization: `Bearer ${token}` },
    data: { session: 'not-a-session' },
  });
  expect(refused.status()).toBe(400);
});

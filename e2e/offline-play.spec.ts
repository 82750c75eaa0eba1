import type { OwnRank } from '@playon/shared/tournaments';
import { expect, type Page, test } from '@playwright/test';
import { expectNoAxeViolations, waitForContent } from './support/axe.ts';
import { signedInPlayer } from './support/players.ts';
import { asPlayer } from './support/wallet.ts';

/**
 * Play survives a lost network (ADR 0065): a game opened once online plays offline from the service
 * worker's copy with a session kept on the phone, its finished run waits on the phone ('Waiting to
 * send'), and once the network returns it is sent and lands on the tournament's board.
 */

const keptSessions = (page: Page) =>
  page.evaluate(() => JSON.parse(localStorage.getItem('playon:offline-sessions') ?? '[]') as unknown[]);
const keptRunCount = (page: Page) =>
  page.evaluate(() => Object.keys(localStorage).filter((key) => key.startsWith('playon:run:')).length);

/** Starts the run and lets it end: nobody steers, and traffic comes down the matatu's lane within seconds. */
async function playOneRun(page: Page) {
  await page.getByTestId('start').click();
  await expect(page.getByTestId('final-score')).toBeVisible({ timeout: 45_000 });
  return Number(await page.getByTestId('final-score').textContent());
}

/**
 * Online, once: the service worker takes the page (from then on it keeps what the games load), Matatu
 * Rush's page keeps free plays on the phone, and one play keeps the game's files.
 */
async function keepMatatuRushOnline(page: Page) {
  await page.waitForFunction(() => Boolean(navigator.serviceWorker?.controller));
  await page.goto('/games');
  await page
    .getByRole('article')
    .filter({ hasText: 'Matatu Rush' })
    .getByRole('link', { name: 'View game' })
    .click();
  await expect(page).toHaveURL(/\/games\/\d+$/);
  await expect.poll(async () => (await keptSessions(page)).length).toBe(3);
  await page.getByRole('button', { name: 'Play now' }).click();
  await expect(page).toHaveURL(/\/play\/matatu-rush\/\?.*session=/);
  await playOneRun(page);
  await expect(page.getByTestId('score-status')).toContainText(/saved/i);
}

test('a run played with no network waits on the phone, then lands on the board once back online', async ({
  page,
  request,
}) => {
  test.setTimeout(240_000);
  const player = await signedInPlayer(page, request, 'Achieng');
  await keepMatatuRushOnline(page);

  // The running tournament, opened once: its plays are kept too.
  await page.goto('/tournaments');
  const weekly = page.getByRole('article').filter({ hasText: 'Matatu Rush Weekly' });
  await weekly
    .getByRole('button', { name: 'Play' })
    .or(weekly.getByRole('link', { name: 'Play' }))
    .click();
  await expect(page.getByText('This play counts for the tournament Matatu Rush Weekly.')).toBeVisible();
  await expect.poll(async () => (await keptSessions(page)).length).toBe(6);

  // The network goes: the app says so, and offers the games kept on the phone.
  await page.context().setOffline(true);
  await expect(page).toHaveURL(/\/no-internet$/);
  const offlineGames = page.getByRole('region', { name: 'Play offline' });
  await expect(offlineGames.getByText('Free play · plays kept: 3')).toBeVisible();
  await expect(offlineGames.getByText('Matatu Rush Weekly · plays kept: 3')).toBeVisible();
  await waitForContent(page, offlineGames);
  await expectNoAxeViolations(page, 'no-internet with games kept offline');

  // A free play with no network: the run is kept, waiting to send.
  await offlineGames
    .getByRole('listitem')
    .filter({ hasText: 'Free play' })
    .getByRole('button', { name: 'Play now: Matatu Rush' })
    .click();
  await expect(page).toHaveURL(/\/play\/matatu-rush\/\?.*session=/);
  const freeScore = await playOneRun(page);
  await expect(page.getByTestId('score-status')).toContainText('Waiting to send');

  // Back in the app, still offline: the score is on the phone, waiting.
  await page.getByRole('dialog').getByRole('link', { name: 'Back to PlayOn' }).click();
  await expect(page).toHaveURL(/\/no-internet$/);
  const runs = page.getByRole('region', { name: 'Scores on this phone' });
  await expect(runs.getByText(`${freeScore} pts`)).toBeVisible();
  await expect(runs.getByText('Waiting to send: it goes when you are back online.')).toBeVisible();
  await waitForContent(page, runs);
  await page.screenshot({ path: 'e2e/screenshots/offline-scores-on-this-phone.png' });
  await expectNoAxeViolations(page, 'no-internet with a score waiting to send');

  // The tournament, with no network.
  await page
    .getByRole('listitem')
    .filter({ hasText: 'Matatu Rush Weekly' })
    .getByRole('button', { name: 'Play now: Matatu Rush' })
    .click();
  await expect(page).toHaveURL(/\/play\/matatu-rush\/\?.*tournamentId=\d+/);
  const tournamentId = new URL(page.url()).searchParams.get('tournamentId');
  const score = await playOneRun(page);
  expect(score).toBeGreaterThan(0);
  await expect(page.getByTestId('score-status')).toContainText('Waiting to send');
  expect(await keptRunCount(page)).toBe(2);
  await page.screenshot({ path: 'e2e/screenshots/offline-run-waiting.png' });
  await expectNoAxeViolations(page, 'game over, waiting to send');

  // The network returns: the game sends both runs, each once, and says how it went.
  await page.context().setOffline(false);
  await expect(page.getByTestId('score-status')).toContainText(/Score saved\. You are #\d+\./);
  await expect.poll(() => keptRunCount(page)).toBe(0);

  await page.getByRole('dialog').getByRole('link', { name: 'Back to PlayOn' }).click();
  await expect(page).toHaveURL(new RegExp(`/tournaments/leaderboard/${tournamentId}$`));
  const own = await asPlayer<OwnRank>(page, `/api/tournament-leaderboards/${tournamentId}/me`);
  expect(own.points).toBe(score);
  await expect(page.getByText(`Your rank: #${own.rank} of ${own.totalElements}`)).toBeVisible();
  await expect(page.getByRole('listitem').filter({ hasText: player.username }).first()).toBeVisible();
  await page.screenshot({ path: 'e2e/screenshots/offline-run-on-the-board.png' });
});

test('a run the server refuses is never lost in silence: the home screen says why until the player dismisses it', async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  await signedInPlayer(page, request, 'Otieno');
  await keepMatatuRushOnline(page);

  // Offline, a free play is kept on the phone.
  await page.context().setOffline(true);
  await page.goto('/no-internet');
  await page
    .getByRole('region', { name: 'Play offline' })
    .getByRole('listitem')
    .filter({ hasText: 'Free play' })
    .getByRole('button', { name: 'Play now: Matatu Rush' })
    .click();
  const played = await playOneRun(page);
  await expect(page.getByTestId('score-status')).toContainText('Waiting to send');

  // The kept score is changed on the phone: the moves it kept no longer make it.
  const claimed = played + 1;
  await page.evaluate((points) => {
    const key = Object.keys(localStorage).find((name) => name.startsWith('playon:run:'));
    if (!key) throw new Error('no run kept');
    localStorage.setItem(key, JSON.stringify({ ...JSON.parse(localStorage.getItem(key) ?? '{}'), points }));
  }, claimed);

  // Back online (the game's page or the home screen sends it): refused, it stays with the server's reason.
  await page.context().setOffline(false);
  await page.goto('/dashboard');
  const runs = page.getByRole('region', { name: 'Scores on this phone' });
  await expect(runs.getByText(`${claimed} pts`)).toBeVisible();
  await expect(
    runs.getByText(
      'Not counted: This score does not match the play: PlayOn replayed your moves and reached another score.',
    ),
  ).toBeVisible();
  await waitForContent(page, runs);
  await page.screenshot({ path: 'e2e/screenshots/offline-run-refused.png' });
  await expectNoAxeViolations(page, 'dashboard with a refused offline score');
  expect(await keptRunCount(page)).toBe(1);

  // Read, dismissed: only then does it leave the phone.
  await runs.getByRole('button', { name: 'Dismiss' }).click();
  await expect(runs).toBeHidden();
  expect(await keptRunCount(page)).toBe(0);
});

import type { LeaderboardPage, OwnRank } from '@playon/shared/tournaments';
import { expect, test } from '@playwright/test';
import { signedInPlayer, snap } from './support/players.ts';
import { asPlayer } from './support/wallet.ts';

/** Points as the leaderboard shows them: en-GB, two decimals. */
const points = (value: number) =>
  new Intl.NumberFormat('en-GB', { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(value);

test('a player plays Matatu Rush in the running tournament and finds the score on the leaderboard at its rank', async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  const player = await signedInPlayer(page, request, 'Wanjiru');
  await snap(page, 'dashboard-games');

  await expect(page.getByRole('region', { name: 'Featured Games' }).getByText('Matatu Rush')).toBeVisible();
  await page.getByRole('button', { name: 'Menu' }).click();
  await page.getByRole('link', { name: 'Tournaments' }).click();
  await expect(page).toHaveURL(/\/tournaments$/);
  for (const group of ['Upcoming', 'Ongoing', 'Expired']) {
    await expect(page.getByRole('heading', { name: group })).toBeVisible();
  }
  await snap(page, 'tournaments');

  const weekly = page.getByRole('article').filter({ hasText: 'Matatu Rush Weekly' });
  await weekly
    .getByRole('button', { name: 'Play' })
    .or(weekly.getByRole('link', { name: 'Play' }))
    .click();
  await expect(page).toHaveURL(/\/games\/\d+$/);
  await expect(page.getByText('This play counts for the tournament Matatu Rush Weekly.')).toBeVisible();
  await snap(page, 'game-details');
  await page.getByRole('button', { name: 'Play now' }).click();

  await expect(page).toHaveURL(/\/play\/matatu-rush\/\?.*session=/);
  const launch = new URL(page.url());
  expect(launch.searchParams.get('username')).toBe(player.uid);
  const tournamentId = launch.searchParams.get('tournamentId');
  expect(tournamentId).toMatch(/^\d+$/);
  await page.getByTestId('start').click();
  // Nobody steers: traffic comes down the matatu's lane within seconds and the run ends.
  await expect(page.getByTestId('final-score')).toBeVisible({ timeout: 45_000 });
  const score = Number(await page.getByTestId('final-score').textContent());
  expect(score).toBeGreaterThan(0);
  await expect(page.getByTestId('score-status')).toContainText(/saved/i);
  await snap(page, 'game-over');

  await page.getByRole('dialog').getByRole('link', { name: 'Back to PlayOn' }).click();
  await expect(page).toHaveURL(new RegExp(`/tournaments/leaderboard/${tournamentId}$`));

  // The right rank: one more than the players with a better score; among equal scores, who scored
  // first is ahead. Other specs' players score in the same tournament meanwhile: the rank and the
  // board are read until both describe the same board.
  const readBoard = async () => {
    for (;;) {
      const own = await asPlayer<OwnRank>(page, `/api/tournament-leaderboards/${tournamentId}/me`);
      const all = await asPlayer<LeaderboardPage>(
        page,
        `/api/tournament-leaderboards/${tournamentId}?pageSize=100`,
      );
      const again = await asPlayer<OwnRank>(page, `/api/tournament-leaderboards/${tournamentId}/me`);
      if (
        again.rank === own.rank &&
        own.totalElements === all.totalElements &&
        again.totalElements === all.totalElements
      )
        return { own, all };
    }
  };
  const { own, all } = await readBoard();
  expect(own.points).toBe(score);
  expect(all.content.find((entry) => entry.userId === player.uid)?.rank).toBe(own.rank);
  const better = all.content.filter((entry) => entry.points > score).length;
  const tied = all.content.filter((entry) => entry.points === score).length;
  expect(own.rank).toBeGreaterThan(better);
  expect(own.rank).toBeLessThanOrEqual(better + tied);
  await expect(page.getByText(`Your rank: #${own.rank} of ${own.totalElements}`)).toBeVisible();
  const row = page.getByRole('listitem').filter({ hasText: player.username });
  await expect(row.first()).toContainText(points(score));
  await snap(page, 'leaderboard-ongoing');

  await page.goto('/dashboard');
  const recent = page.getByRole('region', { name: 'Recently played' });
  await expect(recent.getByText('Matatu Rush')).toBeVisible();
});

test('an expired tournament shows its podium and awards, and its winners are in the hall of fame', async ({
  page,
  request,
}) => {
  await signedInPlayer(page, request, 'Otieno');
  await page.goto('/tournaments');
  const cup = page.getByRole('article').filter({ hasText: 'Matatu Rush Launch Cup' });
  await cup
    .getByRole('button', { name: 'View' })
    .or(cup.getByRole('link', { name: 'View' }))
    .click();
  await expect(page).toHaveURL(/\/tournaments\/leaderboard\/\d+$/);
  for (const prize of ['Gold · Platinum package', 'Silver · Gold package', 'Bronze · Silver package']) {
    await expect(page.getByText(prize)).toBeVisible();
  }
  const tournamentId = new URL(page.url()).pathname.split('/').at(-1);
  const board = await asPlayer<LeaderboardPage>(page, `/api/tournament-leaderboards/${tournamentId}`);
  const podium = board.content.slice(0, 3);
  expect(podium).toHaveLength(3);
  for (const entry of podium)
    await expect(page.getByText(entry.username ?? 'anonymous').first()).toBeVisible();
  await snap(page, 'leaderboard-expired');

  await page.goto('/tournaments/hall-of-fame');
  const entry = page.getByRole('article').filter({ hasText: 'Matatu Rush Launch Cup champions' });
  await expect(entry).toBeVisible();
  await expect(entry.getByText(podium[0]?.username ?? '')).toBeVisible();
  await snap(page, 'hall-of-fame');
});

test("a subscribers' game sends a player without a plan to the subscriptions", async ({ page, request }) => {
  await signedInPlayer(page, request, 'Achieng');
  await page.goto('/games');
  const merge = page.getByRole('article').filter({ hasText: 'Tile Merge' });
  await expect(merge.getByText('Subscribers')).toBeVisible();
  await snap(page, 'games');
  await merge.getByRole('link', { name: 'View game' }).click();
  await page.getByRole('button', { name: 'Play now' }).click();
  await expect(page).toHaveURL(/\/account\/subscription$/);
  await expect(page.getByText('This game is for subscribers. Choose a plan to play it.')).toBeVisible();
});

import type { PlaySession, ReplayLog } from '@playon/shared/games';
import type { LeaderboardPage, OwnRank, Tournament } from '@playon/shared/tournaments';
import {
  type APIRequestContext,
  expect,
  type Page,
  request as playwrightRequest,
  test,
} from '@playwright/test';
import { baseURL } from '../playwright.config.ts';
import { newPlayer, registerPlayer, signedInPlayer, snap } from './support/players.ts';
import { asPlayer } from './support/wallet.ts';

/**
 * A player follows the running tournament. Its card opens the board; another player's score
 * shows there live over /ws; the player's own row is pinned while it is below the rows loaded; Load More
 * adds a page; and after a game, 'Back to PlayOn' lands on the board with the new rank.
 */

interface Recording {
  state: unknown;
  log(): ReplayLog;
}
/** Matatu Rush's careful test driver and its rules, the game's own browser modules (ADR 0015). */
async function matatuRun(seed: number, seconds: number): Promise<{ points: number; replay: ReplayLog }> {
  const game = (path: string) => new URL(`../games/matatu-rush/${path}`, import.meta.url).href;
  const driver = (await import(game('test/driver.js'))) as {
    recordDrive(options: { seed: number; seconds: number }): Recording;
  };
  const { simulation } = (await import(game('simulation.js'))) as {
    simulation: { score(state: unknown): number };
  };
  const recording = driver.recordDrive({ seed, seconds });
  return { points: simulation.score(recording.state), replay: recording.log() };
}

const bearer = async (api: APIRequestContext) => {
  const { token } = (await (await api.get('/api/auth/token')).json()) as { token: string };
  return { Authorization: `Bearer ${token}` };
};

/** 'Play now' over the API: the session to report with and the seed the game starts from. */
async function startPlay(api: APIRequestContext, gameId: number, tournamentId: number) {
  const response = await api.post(`/api/games/${gameId}/play`, {
    headers: await bearer(api),
    data: { tournamentId },
  });
  expect(response.ok(), await response.text()).toBe(true);
  const { payload } = (await response.json()) as { payload: PlaySession };
  const seed = Number(new URL(payload.launchUrl, baseURL).searchParams.get('seed'));
  return { session: payload.session, seed, startedAt: Date.now() };
}

/** Drives `seconds` of Matatu Rush from the session's seed and reports it, as the game page does. */
async function reportRun(
  api: APIRequestContext,
  tournamentId: number,
  play: Awaited<ReturnType<typeof startPlay>>,
  seconds: number,
) {
  const run = await matatuRun(play.seed, seconds);
  // The server takes no run longer than its session is old: wait until the player could have driven it.
  const wait = play.startedAt + seconds * 1000 - Date.now();
  if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
  const response = await api.post(`/api/tournament-leaderboards/${tournamentId}`, {
    headers: await bearer(api),
    data: { session: play.session, ...run },
  });
  expect(response.ok(), await response.text()).toBe(true);
  return run.points;
}

/** The rows below the podium. */
const rankingRows = (page: Page) =>
  page.getByRole('main').locator('ol:not([aria-label])').last().locator('> li');

test("a player follows the running Weekly's board live, finds their own row, loads more and comes back from a game to their new rank", async ({
  page,
  request,
}) => {
  test.setTimeout(240_000);
  const player = await signedInPlayer(page, request, 'Wambui');

  await page.goto('/tournaments');
  const weekly = page.getByRole('article').filter({ hasText: 'Matatu Rush Weekly' });
  await expect(weekly.getByRole('link', { name: 'Play' })).toBeVisible();
  await snap(page, 'follow-tournaments');
  // A tap on the card itself, on its description, away from Play.
  const description = await weekly.getByText(/Dodge the Nairobi traffic/).boundingBox();
  if (!description) throw new Error('the card has no description on screen');
  await page.mouse.click(description.x + 20, description.y + description.height / 2);
  await expect(page).toHaveURL(/\/tournaments\/leaderboard\/\d+$/);
  const tournamentId = Number(new URL(page.url()).pathname.split('/').at(-1));
  // An Ongoing tournament's board keeps Play.
  await expect(page.getByRole('link', { name: 'Play' })).toBeVisible();
  await expect(rankingRows(page)).toHaveCount(12);
  const { gameId } = await asPlayer<Tournament>(page, `/api/tournaments/${tournamentId}`);

  // Another player starts a long run now; it is reported once the time it lasts has passed.
  const other = newPlayer('Baraka');
  const otherApi = await playwrightRequest.newContext({ baseURL });
  await registerPlayer(otherApi, other);
  const otherPlay = await startPlay(otherApi, gameId, tournamentId);

  // The player's own run, over the API, crashed at once: last, so their row is pinned.
  const ownPlay = await startPlay(page.request, gameId, tournamentId);
  const firstPoints = await reportRun(page.request, tournamentId, ownPlay, 0);
  expect(firstPoints).toBe(0);
  const pinned = page.getByRole('complementary', { name: 'You' });
  await expect(pinned).toContainText(player.username);
  const firstRank = await asPlayer<OwnRank>(page, `/api/tournament-leaderboards/${tournamentId}/me`);
  expect(firstRank.points).toBe(firstPoints);
  expect(firstRank.rank).toBeGreaterThan(30);
  await expect(pinned).toContainText(String(firstRank.rank));
  await expect(page.getByText(/^Your rank: #\d+ of \d+$/)).toBeVisible();
  await snap(page, 'follow-board-pinned');

  // Load More adds the second page.
  await page.getByRole('button', { name: 'Load More' }).click();
  await expect(rankingRows(page)).toHaveCount(27);
  await expect(rankingRows(page).nth(26)).toContainText(/^30/);

  // Baraka's run reaches the first page, and the board shows it without being asked.
  await expect(page.getByText(other.username)).toHaveCount(0);
  const otherPoints = await reportRun(otherApi, tournamentId, otherPlay, 30);
  const top = await asPlayer<LeaderboardPage>(page, `/api/tournament-leaderboards/${tournamentId}?page=0`);
  expect(top.content.map((entry) => entry.username)).toContain(other.username);
  await expect(page.getByText(other.username)).toBeVisible();
  await expect(page.getByRole('listitem').filter({ hasText: other.username })).toContainText(
    new Intl.NumberFormat('en-GB', { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(
      otherPoints,
    ),
  );
  await snap(page, 'follow-board-live');
  await otherApi.dispose();

  // A game from the board, and back to it at the new rank.
  await page.getByRole('link', { name: 'Play' }).click();
  await expect(page).toHaveURL(new RegExp(`/games/${gameId}$`));
  await page.getByRole('button', { name: 'Play now' }).click();
  await expect(page).toHaveURL(/\/play\/matatu-rush\/\?.*session=/);
  await page.getByTestId('start').click();
  await expect(page.getByTestId('final-score')).toBeVisible({ timeout: 60_000 });
  const score = Number(await page.getByTestId('final-score').textContent());
  await expect(page.getByTestId('score-status')).toContainText(/saved/i);
  await page.getByRole('dialog').getByRole('link', { name: 'Back to PlayOn' }).click();
  await expect(page).toHaveURL(new RegExp(`/tournaments/leaderboard/${tournamentId}$`));
  // The game's score is the player's new best (the first was 0), and the board shows its rank.
  expect(score).toBeGreaterThan(firstPoints);
  const own = await asPlayer<OwnRank>(page, `/api/tournament-leaderboards/${tournamentId}/me`);
  expect(own.points).toBe(score);
  await expect(page.getByText(`Your rank: #${own.rank} of ${own.totalElements}`)).toBeVisible();
  await snap(page, 'follow-back-from-game');
});

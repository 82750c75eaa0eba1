import { LEADERBOARD_PAGE_SIZE } from '@playon/shared/tournaments';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { storeProfile, storeUser } from '../../../lib/session-store';
import { buildLeaderboardEntry, buildProfile, buildTournament, ok } from '../../../test/factories';
import { fakeToken, stubFetch } from '../../../test/fetch-stub';
import { landedState, renderRoute } from '../../../test/render-route';
import { Component as Leaderboard } from './leaderboard';

const HOUR = 3_600_000;
const expired = buildTournament({
  id: 4,
  name: 'Snake Cup',
  starts: new Date(Date.now() - 48 * HOUR).toISOString(),
  ends: new Date(Date.now() - 24 * HOUR).toISOString(),
});
const ranks = (from: number, to: number) =>
  Array.from({ length: to - from + 1 }, (_, index) => buildLeaderboardEntry(from + index));
const award = (position: number, name: string, plan: string) => ({
  id: position,
  position,
  award: { name },
  subscriptionPackage: { id: position, name: plan },
  winnerId: null,
});

function stubApi(options: { tournament?: unknown; pages?: unknown[][]; me?: unknown } = {}) {
  const pages = options.pages ?? [ranks(1, 15), ranks(16, 18)];
  const total = pages.flat().length;
  return stubFetch({
    'GET /api/auth/token': () => ({ status: 200, body: { token: fakeToken() } }),
    'GET /api/tournaments/4': () => ok(options.tournament ?? expired),
    'GET /api/tournament-awards/tournament/4': () =>
      ok([award(2, 'Silver', 'Gold'), award(1, 'Gold', 'Platinum'), award(3, 'Bronze', 'Silver')]),
    'GET /api/tournament-leaderboards/4': ({ query }) => {
      const page = Number(query.get('page'));
      return ok({
        content: pages[page] ?? [],
        last: page >= pages.length - 1,
        page,
        pageSize: Number(query.get('pageSize')),
        totalElements: total,
      });
    },
    'GET /api/tournament-leaderboards/4/me': () => ok(options.me ?? null),
  });
}
const rowNames = () =>
  screen
    .getAllByRole('listitem')
    .map((item) => item.textContent ?? '')
    .filter((text) => /^\d+player/.test(text));

describe('leaderboard', () => {
  beforeEach(() => {
    storeUser({ id: 'u1', email: 'amina@example.com', name: '' });
    storeProfile(buildProfile({ uid: 'u17' }));
  });

  it('names the tournament, lists its prizes in order and puts the top three on the podium', async () => {
    stubApi();
    renderRoute(Leaderboard, { path: '/tournaments/leaderboard/:id', url: '/tournaments/leaderboard/4' });
    expect(await screen.findByRole('heading', { name: 'Snake Cup' })).toBeTruthy();
    expect(screen.getByText('The best snake of the weekend wins a Gold package.')).toBeTruthy();
    const prizes = await screen.findByRole('region', { name: 'Prizes' });
    expect(
      within(prizes)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Gold · Platinum package', 'Silver · Gold package', 'Bronze · Silver package']);
    const podium = await screen.findByRole('list', { name: 'Leaderboard' });
    expect(within(podium).getByText('player1')).toBeTruthy();
    expect(within(podium).getByText('990.00 pts')).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Play' })).toBeNull();
  });

  it('loads the next 15 with Load More until the last page', async () => {
    const calls = stubApi();
    renderRoute(Leaderboard, { path: '/tournaments/leaderboard/:id', url: '/tournaments/leaderboard/4' });
    await screen.findByText('player15');
    expect(rowNames()).toHaveLength(12);
    expect(screen.queryByText('player16')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Load More' }));
    expect(await screen.findByText('player18')).toBeTruthy();
    expect(rowNames()).toHaveLength(15);
    expect(screen.queryByRole('button', { name: 'Load More' })).toBeNull();
    const pageQueries = calls
      .filter((call) => call.path === '/api/tournament-leaderboards/4')
      .map((c) => c.query);
    expect(pageQueries).toEqual([`?page=0&pageSize=${LEADERBOARD_PAGE_SIZE}`, `?page=1&pageSize=15`]);
  });

  it("shows points with two decimals and 'anonymous' for a player without a username", async () => {
    stubApi({
      pages: [
        [
          buildLeaderboardEntry(1, { points: 1234.5 }),
          buildLeaderboardEntry(2, { username: null, points: 7 }),
          buildLeaderboardEntry(3, { points: 0.25 }),
          buildLeaderboardEntry(4, { username: null, points: 0 }),
        ],
      ],
    });
    renderRoute(Leaderboard, { path: '/tournaments/leaderboard/:id', url: '/tournaments/leaderboard/4' });
    expect(await screen.findByText('1,234.50 pts')).toBeTruthy();
    expect(screen.getByText('7.00 pts')).toBeTruthy();
    expect(screen.getByText('0.25 pts')).toBeTruthy();
    expect(screen.getByText('0.00 pts')).toBeTruthy();
    expect(screen.getAllByText('anonymous')).toHaveLength(2);
  });

  it("says 'No leaderboard data' when nobody has scored, and falls back on a missing description", async () => {
    stubApi({ pages: [[]], tournament: { ...expired, description: '' } });
    renderRoute(Leaderboard, { path: '/tournaments/leaderboard/:id', url: '/tournaments/leaderboard/4' });
    expect(await screen.findByText('No leaderboard data')).toBeTruthy();
    expect(screen.getByText('Could not fetch description')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Load More' })).toBeNull();
  });

  it("pins the player's own rank and marks their row", async () => {
    stubApi({ me: { rank: 17, points: 830, totalElements: 18 } });
    renderRoute(Leaderboard, { path: '/tournaments/leaderboard/:id', url: '/tournaments/leaderboard/4' });
    const own = await screen.findByRole('complementary', { name: 'You' });
    expect(own.textContent).toContain('Your rank: #17 of 18');
    expect(own.textContent).toContain('830.00 pts');
    fireEvent.click(await screen.findByRole('button', { name: 'Load More' }));
    const row = (await screen.findByText('player17')).closest('li');
    expect(row?.getAttribute('aria-current')).toBe('true');
  });

  it('offers Play on its game while the tournament is running', async () => {
    const running = {
      ...expired,
      starts: new Date(Date.now() - HOUR).toISOString(),
      ends: new Date(Date.now() + HOUR).toISOString(),
    };
    stubApi({ tournament: running });
    renderRoute(Leaderboard, { path: '/tournaments/leaderboard', state: { tournamentId: 4 } });
    fireEvent.click(await screen.findByRole('link', { name: 'Play' }));
    expect((await screen.findByTestId('landed')).textContent).toBe('/games/1');
    expect(landedState(screen.getByTestId('landed-state'))).toMatchObject({ tournament: { id: 4 } });
  });

  it('sends a visit without a tournament to the tournaments', async () => {
    renderRoute(Leaderboard, { path: '/tournaments/leaderboard' });
    await waitFor(() => expect(screen.getByTestId('landed').textContent).toBe('/tournaments'));
  });
});

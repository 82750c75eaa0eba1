import { LEADERBOARD_PAGE_SIZE } from '@playon/shared/tournaments';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
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

/** The app's /ws, as the realtime client sees it. */
class FakeSocket {
  static made: FakeSocket[] = [];
  onopen: (() => void) | null = null;
  onmessage: ((event: { data: unknown }) => void) | null = null;
  onerror: (() => void) | null = null;
  onclose: ((event: { code: number }) => void) | null = null;
  sent: unknown[] = [];
  readonly url: string;
  constructor(url: string) {
    this.url = url;
    FakeSocket.made.push(this);
  }
  close() {}
  send(text: string) {
    this.sent.push(JSON.parse(text));
  }
  /** The server speaks. */
  says(message: unknown) {
    act(() => this.onmessage?.({ data: JSON.stringify(message) }));
  }
}
const socket = () => FakeSocket.made.at(-1) as FakeSocket;

function stubApi(options: { tournament?: unknown; pages?: unknown[][]; me?: () => unknown } = {}) {
  const pages = options.pages ?? [ranks(1, 15), ranks(16, 18)];
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
        totalElements: pages.flat().length,
      });
    },
    'GET /api/tournament-leaderboards/4/me': () => ok(options.me?.() ?? null),
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
    storeProfile(buildProfile({ uid: 'u17', username: 'amina' }));
    FakeSocket.made = [];
    vi.stubGlobal('WebSocket', FakeSocket);
  });
  afterEach(() => vi.unstubAllGlobals());

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

  it("shows the player's rank, and pins their own row while it is further down than the rows loaded", async () => {
    stubApi({ me: () => ({ rank: 17, points: 830, totalElements: 18 }) });
    renderRoute(Leaderboard, { path: '/tournaments/leaderboard/:id', url: '/tournaments/leaderboard/4' });
    expect(await screen.findByText('Your rank: #17 of 18')).toBeTruthy();
    const own = await screen.findByRole('complementary', { name: 'You' });
    const pinned = within(own).getByRole('listitem');
    expect(pinned.textContent).toBe('17amina830.00 pts');
    expect(pinned.getAttribute('aria-current')).toBe('true');
    fireEvent.click(await screen.findByRole('button', { name: 'Load More' }));
    const row = (await screen.findByText('player17')).closest('li');
    expect(row?.getAttribute('aria-current')).toBe('true');
    // Their row is in the list now: no second copy pinned below it.
    expect(screen.queryByRole('complementary', { name: 'You' })).toBeNull();
    expect(screen.getByText('Your rank: #17 of 18')).toBeTruthy();
  });

  it('follows a running tournament over /ws and reads the board again on each change', async () => {
    const running = {
      ...expired,
      starts: new Date(Date.now() - HOUR).toISOString(),
      ends: new Date(Date.now() + HOUR).toISOString(),
    };
    const pages = [ranks(1, 15), ranks(16, 18)];
    let me: unknown = { rank: 18, points: 820, totalElements: 18 };
    const calls = stubApi({ tournament: running, pages, me: () => me });
    renderRoute(Leaderboard, { path: '/tournaments/leaderboard/:id', url: '/tournaments/leaderboard/4' });
    await screen.findByText('player15');
    await waitFor(() => expect(FakeSocket.made).toHaveLength(1));
    act(() => socket().onopen?.());
    socket().says({ type: 'ready' });
    expect(socket().sent).toEqual([{ type: 'subscribe', topic: 'leaderboard:4' }]);
    socket().says({ type: 'subscribed', topic: 'leaderboard:4' });
    fireEvent.click(screen.getByRole('button', { name: 'Load More' }));
    await screen.findByText('player18');
    const reads = () => calls.filter((call) => call.path === '/api/tournament-leaderboards/4').length;
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Load More' })).toBeNull());
    const readsBefore = reads();

    // Another player's score puts Baraka fourth: the screen reads both pages it shows, and the rank.
    const baraka = buildLeaderboardEntry(4, { userId: 'u99', username: 'baraka', points: 975 });
    const shifted = [
      ...ranks(1, 3),
      baraka,
      ...ranks(4, 18).map((entry) => ({ ...entry, rank: entry.rank + 1 })),
    ];
    pages.splice(0, 2, shifted.slice(0, 15), shifted.slice(15));
    me = { rank: 19, points: 820, totalElements: 19 };
    socket().says({ type: 'leaderboard', tournamentId: 4 });
    expect(await screen.findByText('baraka')).toBeTruthy();
    expect(await screen.findByText('Your rank: #19 of 19')).toBeTruthy();
    expect(reads()).toBe(readsBefore + 2);
    // Another tournament's change is not this screen's.
    socket().says({ type: 'leaderboard', tournamentId: 5 });
    expect(reads()).toBe(readsBefore + 2);
  });

  it('does not follow an expired tournament: its board no longer changes', async () => {
    stubApi();
    renderRoute(Leaderboard, { path: '/tournaments/leaderboard/:id', url: '/tournaments/leaderboard/4' });
    await screen.findByText('player15');
    expect(FakeSocket.made).toHaveLength(0);
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

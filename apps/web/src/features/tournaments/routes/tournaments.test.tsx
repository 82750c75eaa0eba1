import type { Tournament } from '@playon/shared/tournaments';
import { act, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { formatDateTime } from '../../../lib/format';
import { storeProfile, storeUser } from '../../../lib/session-store';
import { buildGame, buildProfile, buildTournament, ok } from '../../../test/factories';
import { fakeToken, stubFetch } from '../../../test/fetch-stub';
import { landedState, renderRoute } from '../../../test/render-route';
import { Component as Tournaments } from './tournaments';

const NOW = Date.parse('2026-11-21T09:00:00.000Z');
const at = (offsetMs: number) => new Date(NOW + offsetMs).toISOString();
const HOUR = 3_600_000;

function stubApi(tournaments: Tournament[]) {
  return stubFetch({
    'GET /api/auth/token': () => ({ status: 200, body: { token: fakeToken() } }),
    'GET /api/tournaments': () => ok(tournaments),
    'GET /api/games/list': () =>
      ok([buildGame({ id: 1, name: 'Savanna Snake' }), buildGame({ id: 2, name: 'Tile Merge' })]),
  });
}
const group = (name: string) => screen.getByRole('region', { name });
const namesIn = (name: string) =>
  within(group(name))
    .getAllByRole('heading', { level: 3 })
    .map((heading) => heading.textContent);
const card = (name: string) => screen.getByRole('article', { name });

describe('tournaments', () => {
  beforeEach(() => {
    storeUser({ id: 'u1', email: 'amina@example.com', name: '' });
    storeProfile(buildProfile());
    // The clock stands still at NOW; timers stay real so the screen loads as usual.
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(NOW);
  });
  afterEach(() => vi.useRealTimers());

  it('groups by the clock: a tournament starting this very moment is still upcoming', async () => {
    stubApi([
      buildTournament({ id: 1, name: 'Ended Cup', starts: at(-3 * HOUR), ends: at(-HOUR) }),
      buildTournament({ id: 2, name: 'Running Cup', starts: at(-HOUR), ends: at(HOUR), gameId: 2 }),
      buildTournament({ id: 3, name: 'Starting Now Cup', starts: at(0), ends: at(2 * HOUR) }),
      buildTournament({ id: 4, name: 'Tomorrow Cup', starts: at(24 * HOUR), ends: at(48 * HOUR) }),
    ]);
    renderRoute(Tournaments, { path: '/tournaments' });
    await screen.findByRole('region', { name: 'Upcoming' });
    expect(screen.getAllByRole('heading', { level: 2 }).map((heading) => heading.textContent)).toEqual([
      'Upcoming',
      'Ongoing',
      'Expired',
    ]);
    expect(namesIn('Upcoming')).toEqual(['Starting Now Cup', 'Tomorrow Cup']);
    expect(namesIn('Ongoing')).toEqual(['Running Cup']);
    expect(namesIn('Expired')).toEqual(['Ended Cup']);
    // Upcoming has no button, only the card's own link to its leaderboard.
    expect(
      within(card('Tomorrow Cup'))
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['Tomorrow Cup']);
    expect(within(card('Tomorrow Cup')).getByText(`Starts ${formatDateTime(at(24 * HOUR))}`)).toBeTruthy();
    expect(await within(card('Running Cup')).findByText('Tile Merge')).toBeTruthy();
  });

  it('moves a tournament from Upcoming to Ongoing, and another to Expired, when the moment passes', async () => {
    vi.useRealTimers();
    vi.useFakeTimers({ shouldAdvanceTime: true });
    vi.setSystemTime(NOW);
    stubApi([
      buildTournament({ id: 1, name: 'Morning Cup', starts: at(-HOUR), ends: at(60_000) }),
      buildTournament({ id: 2, name: 'Noon Cup', starts: at(60_000), ends: at(HOUR) }),
    ]);
    renderRoute(Tournaments, { path: '/tournaments' });
    await screen.findByRole('region', { name: 'Upcoming' });
    expect(namesIn('Upcoming')).toEqual(['Noon Cup']);
    expect(namesIn('Ongoing')).toEqual(['Morning Cup']);
    expect(screen.queryByRole('region', { name: 'Expired' })).toBeNull();

    // A second past the moment: the page's clock started when it rendered, a little after NOW.
    await act(() => vi.advanceTimersByTimeAsync(61_000));
    expect(namesIn('Ongoing')).toEqual(['Noon Cup']);
    expect(namesIn('Expired')).toEqual(['Morning Cup']);
    expect(screen.queryByRole('region', { name: 'Upcoming' })).toBeNull();
  });

  it('plays an ongoing tournament on its game, carrying the tournament', async () => {
    stubApi([buildTournament({ id: 5, name: 'Running Cup', starts: at(-HOUR), ends: at(HOUR), gameId: 2 })]);
    renderRoute(Tournaments, { path: '/tournaments' });
    fireEvent.click(
      within(await screen.findByRole('article', { name: 'Running Cup' })).getByRole('link', { name: 'Play' }),
    );
    expect((await screen.findByTestId('landed')).textContent).toBe('/games/2');
    expect(landedState(screen.getByTestId('landed-state'))).toMatchObject({
      tournament: { id: 5, gameId: 2 },
    });
  });

  it("views an expired tournament's leaderboard, and says when a description is missing", async () => {
    stubApi([
      buildTournament({
        id: 9,
        name: 'Old Cup',
        description: '',
        starts: at(-48 * HOUR),
        ends: at(-24 * HOUR),
      }),
    ]);
    renderRoute(Tournaments, { path: '/tournaments' });
    const old = await screen.findByRole('article', { name: 'Old Cup' });
    expect(within(old).getByText('Could not fetch description')).toBeTruthy();
    fireEvent.click(within(old).getByRole('link', { name: 'View' }));
    expect((await screen.findByTestId('landed')).textContent).toBe('/tournaments/leaderboard/9');
  });

  it.each([
    ['an ongoing', 5, -HOUR, HOUR],
    ['an upcoming', 6, 24 * HOUR, 48 * HOUR],
    ['an expired', 7, -48 * HOUR, -24 * HOUR],
  ])('opens the leaderboard of %s tournament from its card', async (_, id, starts, ends) => {
    stubApi([buildTournament({ id, name: 'Some Cup', starts: at(starts), ends: at(ends), gameId: 2 })]);
    renderRoute(Tournaments, { path: '/tournaments' });
    const cup = await screen.findByRole('article', { name: 'Some Cup' });
    // The card's link is its name, stretched over the whole card so that a tap anywhere opens it.
    const cardLink = within(cup).getByRole('link', { name: 'Some Cup' });
    expect(cardLink.className).toContain('after:inset-0');
    fireEvent.click(cardLink);
    expect((await screen.findByTestId('landed')).textContent).toBe(`/tournaments/leaderboard/${id}`);
  });

  it('keeps Play above the card link of an ongoing tournament', async () => {
    stubApi([buildTournament({ id: 5, name: 'Running Cup', starts: at(-HOUR), ends: at(HOUR), gameId: 2 })]);
    renderRoute(Tournaments, { path: '/tournaments' });
    const running = await screen.findByRole('article', { name: 'Running Cup' });
    expect(within(running).getByRole('link', { name: 'Play' }).className).toContain('z-10');
    expect(within(running).getByRole('link', { name: 'Running Cup' }).getAttribute('href')).toBe(
      '/tournaments/leaderboard/5',
    );
  });

  it('says so when there are no tournaments', async () => {
    stubApi([]);
    renderRoute(Tournaments, { path: '/tournaments' });
    expect(await screen.findByText('There are no tournaments at the moment.')).toBeTruthy();
  });
});

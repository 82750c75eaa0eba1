import { screen, waitForElementToBeRemoved, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { storeProfile, storeUser } from '../../../lib/session-store';
import { buildGame, buildProfile, ok } from '../../../test/factories';
import { fakeToken, stubFetch } from '../../../test/fetch-stub';
import { renderRoute } from '../../../test/render-route';
import { Component as Dashboard } from './dashboard';

const event = {
  id: 1,
  title: 'Snake Cup',
  description: 'Play Savanna Snake this weekend.',
  eventBannerUrl: '/media/events/1.svg',
  tournamentId: null,
  createdAt: '2026-11-21T06:00:00.000Z',
};

function stubApi(answers: { recent?: unknown[]; featured?: unknown[]; events?: unknown[] }) {
  return stubFetch({
    'GET /api/auth/token': () => ({ status: 200, body: { token: fakeToken() } }),
    'GET /api/profile/recent-games': () => ok(answers.recent ?? []),
    'GET /api/games/list': () => ok(answers.featured ?? []),
    'GET /api/events': () => ok(answers.events ?? []),
  });
}
const shelf = (name: string) => screen.getByRole('region', { name });

describe('dashboard', () => {
  beforeEach(() => {
    storeUser({ id: 'u1', email: 'amina@example.com', name: '' });
    storeProfile(buildProfile());
  });

  it('says so on both shelves when there is nothing to show, and shows no slider without events', async () => {
    stubApi({});
    renderRoute(Dashboard, { path: '/dashboard' });
    expect(
      await within(shelf('Recently played')).findByText(
        "You don't have recently played games at the moment.",
      ),
    ).toBeTruthy();
    expect(
      await within(shelf('Featured Games')).findByText('There are no featured games at the moment.'),
    ).toBeTruthy();
    expect(screen.queryByRole('region', { name: 'Events' })).toBeNull();
  });

  it("shows the recently played and the featured games, each with 'View game'", async () => {
    const calls = stubApi({
      recent: [{ ...buildGame({ id: 2, name: 'Tile Merge' }), lastPlayedAt: '2026-11-21T08:00:00.000Z' }],
      featured: [buildGame({ id: 1, name: 'Savanna Snake', featured: true })],
      events: [event],
    });
    renderRoute(Dashboard, { path: '/dashboard' });
    const recent = await within(shelf('Recently played')).findByRole('article', { name: 'Tile Merge' });
    expect(within(recent).getByRole('link', { name: 'View game' }).getAttribute('href')).toBe('/games/2');
    const featured = await within(shelf('Featured Games')).findByRole('article', { name: 'Savanna Snake' });
    expect(within(featured).getByRole('link', { name: 'View game' }).getAttribute('href')).toBe('/games/1');
    expect(calls.find((call) => call.path === '/api/games/list')?.query).toBe('?featured=true');
    expect(await screen.findByRole('button', { name: 'Snake Cup' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'All games' }).getAttribute('href')).toBe('/games');
  });

  it('lists a score a game kept on this phone that the server refused, with its reason, until dismissed', async () => {
    stubApi({});
    localStorage.setItem(
      'playon:run:s-refused',
      JSON.stringify({
        session: 's-refused',
        endpoint: '/api/games/1/score',
        points: 5400,
        playedAt: '2026-11-21T08:00:00.000Z',
        game: 'Matatu Rush',
        player: 'u1',
        state: 'refused',
        reason: 'This score does not match the play.',
      }),
    );
    renderRoute(Dashboard, { path: '/dashboard' });
    const runs = await screen.findByRole('region', { name: 'Scores on this phone' });
    expect(within(runs).getByText('Not counted: This score does not match the play.')).toBeTruthy();
    within(runs).getByRole('button', { name: 'Dismiss' }).click();
    await waitForElementToBeRemoved(() => screen.queryByRole('region', { name: 'Scores on this phone' }));
    expect(localStorage.getItem('playon:run:s-refused')).toBeNull();
  });
});

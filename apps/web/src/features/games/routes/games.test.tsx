import { screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { storeProfile, storeUser } from '../../../lib/session-store';
import { buildGame, buildProfile, ok } from '../../../test/factories';
import { fakeToken, stubFetch } from '../../../test/fetch-stub';
import { renderRoute } from '../../../test/render-route';
import { Component as Games } from './games';

function stubApi(games: unknown[]) {
  return stubFetch({
    'GET /api/auth/token': () => ({ status: 200, body: { token: fakeToken() } }),
    'GET /api/games/list': () => ok(games),
  });
}

describe('games catalogue', () => {
  beforeEach(() => {
    storeUser({ id: 'u1', email: 'amina@example.com', name: '' });
    storeProfile(buildProfile());
  });

  it("lists every game with 'View game', marking the subscribers' games", async () => {
    const calls = stubApi([
      buildGame({ id: 1, name: 'Matatu Rush', access: 'SUBSCRIPTION' }),
      buildGame({ id: 2, name: 'Savanna Snake' }),
    ]);
    renderRoute(Games, { path: '/games' });
    const rush = await screen.findByRole('article', { name: 'Matatu Rush' });
    const snake = screen.getByRole('article', { name: 'Savanna Snake' });
    expect(within(rush).getByText('Subscribers')).toBeTruthy();
    expect(within(snake).queryByText('Subscribers')).toBeNull();
    expect(within(snake).getByRole('link', { name: 'View game' }).getAttribute('href')).toBe('/games/2');
    expect(calls.find((call) => call.path === '/api/games/list')?.query).toBe('');
  });

  it('says so when there are no games', async () => {
    stubApi([]);
    renderRoute(Games, { path: '/games' });
    expect(await screen.findByText('There are no games at the moment.')).toBeTruthy();
  });
});

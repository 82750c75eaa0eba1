import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { openPage } from '../../../lib/open-page';
import { storeProfile, storeUser } from '../../../lib/session-store';
import { dismissToast, getToasts } from '../../../lib/toast';
import { buildGame, buildProfile, buildTournament, failure, ok } from '../../../test/factories';
import { fakeToken, stubFetch } from '../../../test/fetch-stub';
import { renderRoute } from '../../../test/render-route';
import { Component as GameDetails } from './game-details';

vi.mock('../../../lib/open-page', () => ({ openPage: vi.fn() }));

const token = () => ({ status: 200, body: { token: fakeToken() } });
const snake = buildGame({ id: 3, trailerLink: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ' });
const launchUrl = '/play/savanna-snake/?username=u1&session=abc.def';
const session = { session: 'abc.def', expiresAt: '2026-11-21T11:00:00.000Z', launchUrl };

function stubApi(play: () => { status: number; body: unknown } = () => ok(session), game = snake) {
  return stubFetch({
    'GET /api/auth/token': token,
    'GET /api/games/get/3': () => ok(game),
    'POST /api/games/3/play': play,
  });
}
const openGame = (state?: unknown) =>
  renderRoute(GameDetails, { path: '/games/:id', url: '/games/3', state });
const playNow = async () => fireEvent.click(await screen.findByRole('button', { name: 'Play now' }));
const toastMessages = () => getToasts().map((toast) => `${toast.kind}: ${toast.message}`);

describe('game details', () => {
  beforeEach(() => {
    storeUser({ id: 'u1', email: 'amina@example.com', name: '' });
    storeProfile(buildProfile());
    vi.mocked(openPage).mockClear();
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    for (const toast of getToasts()) dismissToast(toast.id);
  });

  it('shows the trailer at 853 by 480 without tracking cookies, the name, package id and description', async () => {
    stubApi();
    openGame();
    const trailer = await screen.findByTitle('Savanna Snake trailer');
    expect(trailer.getAttribute('src')).toBe('https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ');
    expect(trailer.getAttribute('width')).toBe('853');
    expect(trailer.getAttribute('height')).toBe('480');
    expect(screen.getByRole('heading', { level: 2, name: 'Savanna Snake' })).toBeTruthy();
    expect(screen.getByText('com.playon.savanna-snake')).toBeTruthy();
    expect(screen.getByText('Guide the snake across the savanna and eat what you can.')).toBeTruthy();
  });

  it('shows the game icon as the poster when there is no trailer', async () => {
    stubApi(undefined, { ...snake, trailerLink: null });
    openGame();
    await screen.findByRole('heading', { level: 2, name: 'Savanna Snake' });
    expect(screen.queryByTitle('Savanna Snake trailer')).toBeNull();
    expect(document.querySelector('img[src="/play/savanna-snake/icon.svg"]')?.getAttribute('width')).toBe(
      '853',
    );
  });

  it('starts a play session and opens the game in this window', async () => {
    const calls = stubApi();
    openGame();
    await playNow();
    await waitFor(() => expect(openPage).toHaveBeenCalledWith(`${launchUrl}&lang=en`));
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({});
    expect((screen.getByRole('button', { name: 'Play now' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('counts the play for the tournament the player came from', async () => {
    const calls = stubApi();
    openGame({ tournament: buildTournament({ id: 7, name: 'Weekend Snake Cup', gameId: 3 }) });
    expect(await screen.findByText('This play counts for the tournament Weekend Snake Cup.')).toBeTruthy();
    await playNow();
    await waitFor(() => expect(openPage).toHaveBeenCalledWith(`${launchUrl}&lang=en`));
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({ tournamentId: 7 });
  });

  it('sends a player without a plan to the subscriptions with the reason', async () => {
    stubApi(() =>
      failure(403, 'This game is for subscribers. Choose a plan to play it.', 'SUBSCRIPTION_REQUIRED'),
    );
    openGame();
    await playNow();
    expect((await screen.findByTestId('landed')).textContent).toBe('/account/subscription');
    expect(toastMessages()).toEqual(['info: This game is for subscribers. Choose a plan to play it.']);
    expect(openPage).not.toHaveBeenCalled();
  });

  it('shows any other refusal and lets the player try again', async () => {
    stubApi(() => failure(409, 'This tournament is not running right now.', 'CONFLICT'));
    openGame({ tournament: buildTournament({ id: 7, gameId: 3 }) });
    await playNow();
    await waitFor(() =>
      expect(toastMessages()).toEqual(['error: This tournament is not running right now.']),
    );
    await waitFor(() =>
      expect((screen.getByRole('button', { name: 'Play now' }) as HTMLButtonElement).disabled).toBe(false),
    );
    expect(openPage).not.toHaveBeenCalled();
  });

  it('says the game could not be fetched, and fetches it again on request', async () => {
    let isMissing = true;
    stubFetch({
      'GET /api/auth/token': token,
      'GET /api/games/get/3': () =>
        isMissing ? failure(404, 'This game does not exist.', 'NOT_FOUND') : ok(snake),
    });
    openGame();
    expect((await screen.findByRole('alert')).textContent).toBe(
      'We could not fetch this game from the server.',
    );
    isMissing = false;
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { level: 2, name: 'Savanna Snake' })).toBeTruthy();
  });
});

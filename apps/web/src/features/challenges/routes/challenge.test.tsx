import type { ChallengeView } from '@playon/shared/challenges';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { openPage } from '../../../lib/open-page';
import { storeProfile, storeUser } from '../../../lib/session-store';
import { getToasts } from '../../../lib/toast';
import { buildProfile, failure, ok } from '../../../test/factories';
import { fakeToken, stubFetch } from '../../../test/fetch-stub';
import { renderRoute } from '../../../test/render-route';
import { Component as Challenge } from './challenge';

vi.mock('../../../lib/open-page', () => ({ openPage: vi.fn() }));

const code = 'AbCdEfGhIjKlMnOpQrStUv';
const view = (overrides: Partial<ChallengeView> = {}): ChallengeView => ({
  code,
  game: { id: 1, name: 'Matatu Rush', gameIcon: '/play/matatu-rush/icon.svg' },
  challenger: { username: 'amina', points: 142 },
  to: 'brian',
  expiresAt: '2026-11-25T08:00:00.000Z',
  state: 'open',
  results: [],
  ...overrides,
});

function serve(
  answer: ChallengeView,
  play = () =>
    ok({ session: 's', expiresAt: '', launchUrl: '/play/matatu-rush/?session=s&seed=7&challenge=x' }),
) {
  return stubFetch({
    'GET /api/auth/token': () => ({ status: 200, body: { token: fakeToken() } }),
    [`GET /api/challenges/${code}`]: () => ok(answer),
    [`POST /api/challenges/${code}/play`]: play,
  });
}

const open = () => renderRoute(Challenge, { path: '/challenges/:code', url: `/challenges/${code}` });

describe('a challenge screen', () => {
  beforeEach(() => {
    storeUser({ id: 'u1', email: 'brian@example.com', name: '' });
    storeProfile(buildProfile({ username: 'brian' }));
    vi.mocked(openPage).mockClear();
  });

  it("shows the challenger's score and opens the game on accepting, once", async () => {
    const calls = serve(view());
    open();
    expect(await screen.findByRole('heading', { name: 'amina challenges you' })).toBeTruthy();
    expect(screen.getByTestId('challenger-points').textContent).toBe('142.00 points');
    expect(screen.getByText('One try, on the same start as amina. No money at stake.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Accept and play' }));
    await waitFor(() =>
      expect(openPage).toHaveBeenCalledWith('/play/matatu-rush/?session=s&seed=7&challenge=x&lang=en'),
    );
    expect(calls.filter((call) => call.method === 'POST')).toHaveLength(1);
  });

  it('says why a refused accept was refused', async () => {
    serve(view(), () =>
      failure(409, 'You have already played this challenge: one answer per friend.', 'CONFLICT'),
    );
    open();
    fireEvent.click(await screen.findByRole('button', { name: 'Accept and play' }));
    await waitFor(() =>
      expect(getToasts().map((toast) => `${toast.kind}: ${toast.message}`)).toEqual([
        'error: You have already played this challenge: one answer per friend.',
      ]),
    );
    expect(openPage).not.toHaveBeenCalled();
  });

  it('puts both scores side by side once played', async () => {
    serve(
      view({
        state: 'answered',
        results: [{ opponent: 'amina', opponentPoints: 142, myPoints: 150.5, outcome: 'won' }],
      }),
    );
    open();
    const result = await screen.findByTestId('challenge-result');
    expect(within(result).getByText('You won')).toBeTruthy();
    expect(within(result).getByText('150.50')).toBeTruthy();
    expect(within(result).getByText('142.00')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Accept and play' })).toBeNull();
  });

  it('tells the challenger who it was sent to and that nobody has answered yet', async () => {
    serve(view({ state: 'yours' }));
    open();
    expect(await screen.findByRole('heading', { name: 'Your challenge' })).toBeTruthy();
    expect(screen.getByText(/Sent to brian/)).toBeTruthy();
    expect(screen.getByText('No answers yet.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Share the link' })).toBeTruthy();
  });

  it('says when the challenge is for someone else or has expired', async () => {
    serve(view({ state: 'notForYou', to: null }));
    open();
    expect(await screen.findByText('This challenge was sent to another player.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Accept and play' })).toBeNull();
  });
});

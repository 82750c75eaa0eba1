import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_AVATAR } from '../../../components/ui/avatar';
import { storeProfile, storeUser } from '../../../lib/session-store';
import { buildProfile, failure, ok } from '../../../test/factories';
import { fakeToken, stubFetch } from '../../../test/fetch-stub';
import { renderRoute } from '../../../test/render-route';
import { Component as HallOfFame } from './hall-of-fame';

const entry = {
  id: 1,
  title: 'Snake Cup champions',
  description: 'The top three of the Snake Cup.',
  members: ['u7', 'u8', 'u9'],
  tournamentId: 4,
  createdAt: '2026-11-22T06:05:00.000Z',
};

function stubApi(entries: unknown[]) {
  return stubFetch({
    'GET /api/auth/token': () => ({ status: 200, body: { token: fakeToken() } }),
    'GET /api/hall-of-fame': () => ok(entries),
    'GET /api/users/public/u7': () =>
      ok({ name: 'Otieno Ouma', username: 'otieno', profilePic: '/media/u7.png' }),
    'GET /api/users/public/u8': () => ok({ name: 'Wanjiru Kamau', username: null, profilePic: null }),
    'GET /api/users/public/u9': () => failure(404, 'User not found', 'NOT_FOUND'),
  });
}

describe('hall of fame', () => {
  beforeEach(() => {
    storeUser({ id: 'u1', email: 'amina@example.com', name: '' });
    storeProfile(buildProfile());
  });

  it('shows each entry with its members, a member who cannot be found only logged', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const error = vi.spyOn(console, 'error');
    stubApi([entry]);
    renderRoute(HallOfFame, { path: '/tournaments/hall-of-fame' });
    const card = await screen.findByRole('article', { name: 'Snake Cup champions' });
    expect(within(card).getByText('The top three of the Snake Cup.')).toBeTruthy();
    const winners = within(card).getByRole('list', { name: 'Winners' });
    await waitFor(() =>
      expect(
        within(winners)
          .getAllByRole('listitem')
          .map((item) => item.textContent),
      ).toEqual(['otieno', 'Wanjiru Kamau', 'anonymous']),
    );
    const pictures = within(winners)
      .getAllByRole('listitem')
      .map((item) => item.querySelector('img')?.getAttribute('src'));
    expect(pictures).toEqual(['/media/u7.png', DEFAULT_AVATAR, DEFAULT_AVATAR]);
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('u9'), expect.anything());
    expect(error).not.toHaveBeenCalled();
    expect(within(card).getByRole('link', { name: 'View leaderboard' }).getAttribute('href')).toBe(
      '/tournaments/leaderboard/4',
    );
  });

  it("says there's nothing here when nobody has won yet", async () => {
    stubApi([]);
    renderRoute(HallOfFame, { path: '/tournaments/hall-of-fame' });
    expect(await screen.findByText("There's nothing here. Maybe check back later?")).toBeTruthy();
  });
});

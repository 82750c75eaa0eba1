import type { OpsBanner, OpsTournament } from '@playon/shared/ops-content';
import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { storeUser } from '../../../../lib/session-store';
import { ok } from '../../../../test/factories';
import { fakeToken, stubFetch } from '../../../../test/fetch-stub';
import { renderRoute } from '../../../../test/render-route';
import { Component as Banners } from './banners';

const banner: OpsBanner = {
  id: 3,
  title: 'Matatu week',
  description: 'Play all week.',
  titleSw: null,
  descriptionSw: null,
  eventBannerUrl: '/media/content-images/a.png',
  eventBannerUrlSw: null,
  sortOrder: 0,
  activeFrom: null,
  activeTo: null,
  tournamentId: null,
  isActive: true,
  createdAt: '2026-11-24T09:30:00.000Z',
};

const cup = (id: number, name: string, state: OpsTournament['state']): OpsTournament => ({
  id,
  name,
  description: '',
  nameSw: null,
  descriptionSw: null,
  starts: '2026-12-05T07:00:00.000Z',
  ends: '2026-12-05T09:00:00.000Z',
  gameId: 2,
  gameName: 'Matatu Rush',
  state,
  players: 0,
  prizes: [],
  rankedAt: null,
  cancelledAt: null,
});

describe("a banner's tournament", () => {
  it('is chosen from the tournaments still to come or running, and saved with the banner', async () => {
    storeUser({ id: 'u1', email: 'admin@example.com', name: '' });
    const calls = stubFetch({
      'GET /api/auth/token': () => ({ status: 200, body: { token: fakeToken() } }),
      'GET /api/ops/content/banners': () => ok({ items: [banner], total: 1, page: 1, pageSize: 25 }),
      'GET /api/ops/content/tournaments': () =>
        ok({
          items: [
            cup(9, 'Matatu Cup', 'UPCOMING'),
            cup(8, 'Old Cup', 'RANKED'),
            cup(7, 'Gone Cup', 'CANCELLED'),
          ],
          total: 3,
          page: 1,
          pageSize: 100,
        }),
      'POST /api/ops/content/banners/3': ({ body }) => ok({ ...banner, ...(body as object) }),
    });
    renderRoute(Banners, { path: '/ops/content/banners' });
    fireEvent.click(await screen.findByText('Matatu week'));
    const dialog = await screen.findByRole('dialog', { name: 'Edit the banner' });
    const picker = within(dialog).getByLabelText('Opens the tournament (optional)') as HTMLSelectElement;
    await within(dialog).findByRole('option', { name: /Matatu Cup \(Upcoming, 5 Dec 2026, 10:00\)/ });
    const offered = [...picker.options].map((option) => option.textContent ?? '');
    expect(offered.filter((text) => /Old Cup|Gone Cup/.test(text))).toEqual([]);
    fireEvent.change(picker, { target: { value: '9' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await expect
      .poll(() => calls.find((call) => call.method === 'POST')?.body)
      .toMatchObject({ tournamentId: 9 });
  });
});

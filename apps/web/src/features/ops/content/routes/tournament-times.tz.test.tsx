import { fireEvent, screen, within } from '@testing-library/react';
import { beforeAll, describe, expect, it, vi } from 'vitest';

// The operator's laptop is in New York (UTC-5 in winter), not Nairobi: set before any Date is made.
vi.hoisted(() => {
  process.env.TZ = 'America/New_York';
});

import type { OpsTournament } from '@playon/shared/ops-content';
import { storeUser } from '../../../../lib/session-store';
import { ok } from '../../../../test/factories';
import { fakeToken, stubFetch } from '../../../../test/fetch-stub';
import { renderRoute } from '../../../../test/render-route';
import { Component as TournamentForm } from './tournament-form';
import { Component as Tournaments } from './tournaments';

const game = {
  id: 2,
  slug: 'savanna-snake',
  name: 'Savanna Snake',
  packageId: 'com.playon.savannasnake',
  description: '',
  descriptionSw: null,
  trailerLink: null,
  gameUrl: '/play/savanna-snake/',
  gameIcon: '/play/savanna-snake/icon.svg',
  featured: false,
  access: 'FREE',
  enabled: true,
  sortOrder: 0,
  maxPoints: 4470,
  maxPointsPerSecond: 150,
  scoring: 'replay',
  source: 'bundled',
  createdAt: '2026-11-24T09:30:00.000Z',
};

const cup: OpsTournament = {
  id: 9,
  name: 'Snake Saturday',
  description: 'One morning of snake.',
  nameSw: null,
  descriptionSw: null,
  starts: '2026-12-05T07:00:00.000Z',
  ends: '2026-12-05T09:00:00.000Z',
  gameId: 2,
  gameName: 'Savanna Snake',
  state: 'UPCOMING',
  players: 0,
  prizes: [],
  rankedAt: null,
  cancelledAt: null,
};

describe("a tournament's times on a laptop outside Nairobi", () => {
  beforeAll(() => {
    // Without this the test would pass on a Nairobi machine whatever the code did.
    expect(new Date('2026-12-05T07:00:00Z').getTimezoneOffset()).toBe(300);
  });

  it('sends 10:00 typed as 10:00 Nairobi time (07:00Z), and lists it as 10:00', async () => {
    storeUser({ id: 'u1', email: 'sam@example.com', name: '' });
    const calls = stubFetch({
      'GET /api/auth/token': () => ({ status: 200, body: { token: fakeToken() } }),
      'GET /api/ops/content/games': () => ok({ items: [game], total: 1, page: 1, pageSize: 100 }),
      'GET /api/ops/content/packages': () => ok([]),
      'POST /api/ops/content/tournaments': () => ok(cup),
      'GET /api/ops/content/tournaments': () => ok({ items: [cup], total: 1, page: 1, pageSize: 25 }),
    });
    renderRoute(TournamentForm, {
      path: '/ops/content/tournaments/:id',
      url: '/ops/content/tournaments/new',
    });
    fireEvent.input(await screen.findByLabelText('Name'), { target: { value: 'Snake Saturday' } });
    fireEvent.input(screen.getByLabelText('Description'), { target: { value: 'One morning of snake.' } });
    fireEvent.change(screen.getByLabelText('Game'), { target: { value: '2' } });
    fireEvent.input(screen.getByLabelText('Starts (Nairobi time)'), {
      target: { value: '2026-12-05T10:00' },
    });
    fireEvent.input(screen.getByLabelText('Ends (Nairobi time)'), { target: { value: '2026-12-05T12:00' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create the tournament' }));
    await expect.poll(() => calls.find((call) => call.method === 'POST')).toBeTruthy();
    const sent = calls.find((call) => call.method === 'POST')?.body as { starts: string; ends: string };
    expect(sent.starts).toBe('2026-12-05T07:00:00.000Z');
    expect(sent.ends).toBe('2026-12-05T09:00:00.000Z');

    renderRoute(Tournaments, { path: '/ops/content/tournaments' });
    const row = (await screen.findByText('Snake Saturday')).closest('tr') as HTMLElement;
    expect(within(row).getByText(/5 Dec 2026, 10:00 → 5 Dec 2026, 12:00/)).toBeTruthy();
    expect(screen.getByRole('columnheader', { name: 'When (Nairobi time)' })).toBeTruthy();
  });

  it("shows a saved tournament's start in the form as Nairobi time", async () => {
    storeUser({ id: 'u1', email: 'sam@example.com', name: '' });
    stubFetch({
      'GET /api/auth/token': () => ({ status: 200, body: { token: fakeToken() } }),
      'GET /api/ops/content/games': () => ok({ items: [game], total: 1, page: 1, pageSize: 100 }),
      'GET /api/ops/content/packages': () => ok([]),
      'GET /api/ops/content/tournaments/9': () => ok(cup),
    });
    renderRoute(TournamentForm, { path: '/ops/content/tournaments/:id', url: '/ops/content/tournaments/9' });
    const starts = (await screen.findByLabelText('Starts (Nairobi time)')) as HTMLInputElement;
    expect(starts.value).toBe('2026-12-05T10:00');
    expect(screen.getByText(/10:00 → 5 Dec 2026, 12:00 \(Nairobi time\)/)).toBeTruthy();
  });
});

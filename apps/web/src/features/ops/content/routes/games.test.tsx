import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { storeUser } from '../../../../lib/session-store';
import { ok } from '../../../../test/factories';
import { fakeToken, stubFetch } from '../../../../test/fetch-stub';
import { renderRoute } from '../../../../test/render-route';
import { Component as Games } from './games';

const snake = {
  id: 2,
  slug: 'savanna-snake',
  name: 'Savanna Snake',
  packageId: 'com.playon.savannasnake',
  description: 'Guide your snake across the savanna.',
  descriptionSw: null,
  trailerLink: null,
  gameUrl: '/play/savanna-snake/',
  gameIcon: '/play/savanna-snake/icon.svg',
  featured: true,
  access: 'FREE',
  enabled: true,
  sortOrder: 0,
  maxPoints: 4470,
  maxPointsPerSecond: 150,
  scoring: 'replay',
  source: 'bundled',
  createdAt: '2026-11-24T09:30:00.000Z',
};

const KISWAHILI = 'Description in Kiswahili (optional; players reading Kiswahili see the English without it)';

describe("the console's games", () => {
  it("shows a game's English description and saves its Kiswahili one with the settings", async () => {
    storeUser({ id: 'u1', email: 'sam@example.com', name: '' });
    const calls = stubFetch({
      'GET /api/auth/token': () => ({ status: 200, body: { token: fakeToken() } }),
      'GET /api/ops/content/games': () => ok({ items: [snake], total: 1, page: 1, pageSize: 25 }),
      'POST /api/ops/content/games/2': ({ body }) => ok({ ...snake, ...(body as object) }),
    });
    renderRoute(Games, { path: '/ops/content/games' });
    fireEvent.click(await screen.findByText('Savanna Snake'));
    const dialog = await screen.findByRole('dialog', { name: 'Savanna Snake' });
    expect(within(dialog).getByText('Guide your snake across the savanna.')).toBeTruthy();
    const kiswahili = within(dialog).getByLabelText(KISWAHILI);
    expect(kiswahili.getAttribute('lang')).toBe('sw');
    expect((kiswahili as HTMLTextAreaElement).value).toBe('');
    fireEvent.input(kiswahili, { target: { value: '  Ongoza nyoka wako kuvuka savanna.  ' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await expect.poll(() => screen.queryByRole('dialog')).toBeNull();
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({
      descriptionSw: 'Ongoza nyoka wako kuvuka savanna.',
      enabled: true,
      featured: true,
      sortOrder: 0,
      access: 'FREE',
      maxPoints: 4470,
      maxPointsPerSecond: 150,
    });
  });

  it('refuses a Kiswahili description over 2000 characters before sending it', async () => {
    storeUser({ id: 'u1', email: 'sam@example.com', name: '' });
    const calls = stubFetch({
      'GET /api/auth/token': () => ({ status: 200, body: { token: fakeToken() } }),
      'GET /api/ops/content/games': () => ok({ items: [snake], total: 1, page: 1, pageSize: 25 }),
    });
    renderRoute(Games, { path: '/ops/content/games' });
    fireEvent.click(await screen.findByText('Savanna Snake'));
    const dialog = await screen.findByRole('dialog', { name: 'Savanna Snake' });
    fireEvent.input(within(dialog).getByLabelText(KISWAHILI), { target: { value: 'a'.repeat(2001) } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(
      await within(dialog).findByText('Keep the Kiswahili description under 2000 characters.'),
    ).toBeTruthy();
    expect(calls.some((call) => call.method === 'POST')).toBe(false);
  });
});

import type { Operator, OperatorRole } from '@playon/shared/ops';
import type { SavedAudience } from '@playon/shared/ops-audiences';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, within } from '@testing-library/react';
import { createMemoryRouter, Outlet, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { storeUser } from '../../../../lib/session-store';
import { ok } from '../../../../test/factories';
import { fakeToken, stubFetch } from '../../../../test/fetch-stub';
import { Component as Audiences } from './audiences';

const lapsed: SavedAudience = {
  id: 7,
  name: 'Lapsed a month',
  kind: 'lapsed',
  days: 30,
  targetId: null,
  description: 'No play in the last 30 days',
  byEmail: 'sam@example.com',
  createdAt: '2026-11-24T09:30:00.000Z',
  updatedAt: '2026-11-24T09:30:00.000Z',
};
const size = (count: number, preview: string[], description = 'No play in the last 30 days') =>
  ok({ count, preview, description, countedAt: '2026-11-29T10:00:00.000Z' });

/** The audiences screen in the console's layout, for an operator of `role`, the server holding `saved`. */
function openAudiences(role: OperatorRole, saved: SavedAudience[]) {
  storeUser({ id: 'u1', email: 'sam@example.com', name: '' });
  const calls = stubFetch({
    'GET /api/auth/token': () => ({ status: 200, body: { token: fakeToken() } }),
    'GET /api/ops/community/audiences': () =>
      ok({ items: saved, total: saved.length, page: 1, pageSize: 25 }),
    'GET /api/ops/community/audiences/size': ({ query }) =>
      query.get('days') === '14'
        ? size(3, ['amina', 'brian', 'chebet'], 'No play in the last 14 days')
        : size(0, []),
    'GET /api/ops/community/audiences/7/size': () => size(2, ['amina', 'brian']),
    'GET /api/ops/community/broadcasts/targets': () =>
      ok({ tournaments: [], games: [{ id: 3, name: 'Matatu Rush' }] }),
    'POST /api/ops/community/audiences': ({ body }) => ok({ ...lapsed, id: 8, ...(body as object) }),
  });
  const operator: Operator = { uid: 'u1', email: 'sam@example.com', name: '', role, sessionEndsAt: '' };
  const router = createMemoryRouter(
    [
      {
        path: '/ops/community',
        Component: () => <Outlet context={operator} />,
        children: [{ path: 'audiences', Component: Audiences }],
      },
      { path: '*', Component: () => <p>Elsewhere</p> },
    ],
    { initialEntries: ['/ops/community/audiences'] },
  );
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return { calls, router };
}

describe('saved audiences', () => {
  it('says there is none yet, and saves a new one after counting and previewing its rule', async () => {
    const { calls } = openAudiences('support', []);
    expect(await screen.findByText(/No audience saved yet/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'New audience' }));
    const dialog = await screen.findByRole('dialog', { name: 'New audience' });
    fireEvent.input(within(dialog).getByLabelText(/^Name/), { target: { value: 'Lapsed two weeks' } });
    fireEvent.input(within(dialog).getByLabelText('Days without play'), { target: { value: '14' } });
    expect(await within(dialog).findByText('3')).toBeTruthy();
    const preview = within(dialog).getByRole('list', { name: 'First players in the audience' });
    expect(
      within(preview)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['amina', 'brian', 'chebet']);

    fireEvent.input(within(dialog).getByLabelText('Days without play'), { target: { value: '0' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText(/whole number from 1 to 365/)).toBeTruthy();
    expect(calls.filter((call) => call.method === 'POST')).toHaveLength(0);

    fireEvent.input(within(dialog).getByLabelText('Days without play'), { target: { value: '14' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await expect.poll(() => calls.filter((call) => call.method === 'POST').length).toBe(1);
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({
      name: 'Lapsed two weeks',
      kind: 'lapsed',
      days: 14,
    });
  });

  it('counts a saved audience when asked and leads to a broadcast to it', async () => {
    const { router } = openAudiences('admin', [lapsed]);
    const row = (await screen.findByText('Lapsed a month')).closest('tr') as HTMLElement;
    expect(within(row).getByText('No play in the last 30 days')).toBeTruthy();
    fireEvent.click(within(row).getByRole('button', { name: 'Count now: the players of Lapsed a month' }));
    expect(await within(row).findByText('2')).toBeTruthy();
    expect(within(row).getByText('amina')).toBeTruthy();
    fireEvent.click(within(row).getByRole('link', { name: 'Send a broadcast to Lapsed a month' }));
    await expect.poll(() => router.state.location.search).toBe('?audience=7');
  });

  it('lets an operator whose role may not define audiences see them only', async () => {
    openAudiences('finance', [lapsed]);
    expect(await screen.findByText('Lapsed a month')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'New audience' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Edit Lapsed a month' })).toBeNull();
    expect(screen.queryByRole('link', { name: /Send a broadcast/ })).toBeNull();
  });
});

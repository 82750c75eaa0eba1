import type { Operator, OperatorRole } from '@playon/shared/ops';
import type { DataRequest } from '@playon/shared/ops-data-requests';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, within } from '@testing-library/react';
import { createMemoryRouter, Outlet, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { storeUser } from '../../../../lib/session-store';
import { ok } from '../../../../test/factories';
import { fakeToken, stubFetch } from '../../../../test/fetch-stub';
import { clockText } from '../components/request-clock';
import { Component as DataRequests } from './data-requests';

const request = (id: number, daysLeft: number | null, overrides: Partial<DataRequest> = {}): DataRequest => ({
  id,
  uid: `uid-${id}`,
  player: `player${id}`,
  kind: 'access',
  receivedOn: '2026-11-20',
  channel: 'e-mail',
  note: null,
  status: daysLeft === null ? 'answered' : 'open',
  dueOn: '2026-11-27',
  daysLeft,
  answer: null,
  answeredAt: null,
  answeredByEmail: null,
  byEmail: 'sam@example.com',
  createdAt: '2026-11-20T08:00:00.000Z',
  ...overrides,
});
const page = (items: DataRequest[], overdue: number) =>
  ok({ items, total: items.length, page: 1, pageSize: 25, overdue });

function openRegister(role: OperatorRole, open: DataRequest[], overdue: DataRequest[]) {
  storeUser({ id: 'u1', email: 'sam@example.com', name: '' });
  const calls = stubFetch({
    'GET /api/auth/token': () => ({ status: 200, body: { token: fakeToken() } }),
    'GET /api/ops/players/data-requests': ({ query }) =>
      page(query.get('status') === 'overdue' ? overdue : open, overdue.length),
    'POST /api/ops/players/data-requests/1/answer': () => ok(request(1, null)),
  });
  const operator: Operator = { uid: 'u1', email: 'sam@example.com', name: '', role, sessionEndsAt: '' };
  const router = createMemoryRouter(
    [
      {
        path: '/ops',
        Component: () => <Outlet context={operator} />,
        children: [{ path: 'players/data-requests', Component: DataRequests }],
      },
    ],
    { initialEntries: ['/ops/players/data-requests'] },
  );
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return calls;
}

describe("the Act's clock in words", () => {
  it('says days left with the due day, due today, and overdue by N days', () => {
    expect(clockText({ status: 'open', daysLeft: 7, dueOn: '2026-12-08' })).toBe(
      '7 days left (due 8 Dec 2026)',
    );
    expect(clockText({ status: 'open', daysLeft: 1, dueOn: '2026-12-08' })).toBe(
      '1 day left (due 8 Dec 2026)',
    );
    expect(clockText({ status: 'open', daysLeft: 0, dueOn: '2026-12-08' })).toBe('Due today');
    expect(clockText({ status: 'open', daysLeft: -1, dueOn: '2026-12-08' })).toBe('Overdue by 1 day');
    expect(clockText({ status: 'open', daysLeft: -13, dueOn: '2026-12-08' })).toBe('Overdue by 13 days');
    expect(clockText({ status: 'answered', daysLeft: null, dueOn: '2026-12-08' })).toBe(
      'Answered (was due 8 Dec 2026)',
    );
  });
});

describe('data requests', () => {
  it('shows each open request with its clock, warns of the overdue, and lists them apart', async () => {
    const late = request(1, -2);
    openRegister('support', [late, request(2, 0), request(3, 5)], [late]);
    expect(await screen.findByText('Overdue by 2 days')).toBeTruthy();
    expect(screen.getByText('Due today')).toBeTruthy();
    expect(screen.getByText(/^5 days left/)).toBeTruthy();
    expect(await screen.findByText('1 request is overdue.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Overdue (1)' }));
    await expect.poll(() => screen.queryByText('Due today')).toBeNull();
    expect(screen.getByText('Overdue by 2 days')).toBeTruthy();
  });

  it('says so when nothing is overdue', async () => {
    openRegister('support', [], []);
    fireEvent.click(await screen.findByRole('button', { name: 'Overdue' }));
    expect(await screen.findByText('No request is overdue.')).toBeTruthy();
  });

  it('marks a request answered with what was done', async () => {
    const calls = openRegister('support', [request(1, 3)], []);
    const row = (await screen.findByText('player1')).closest('tr') as HTMLElement;
    fireEvent.click(within(row).getByRole('button', { name: 'Mark answered' }));
    const dialog = await screen.findByRole('dialog', { name: 'Mark the request answered' });
    fireEvent.input(within(dialog).getByLabelText('Reason (kept in the audit log)'), {
      target: { value: 'Exported and sent to the account e-mail' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Mark answered' }));
    await expect.poll(() => calls.filter((call) => call.method === 'POST').length).toBe(1);
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({
      reason: 'Exported and sent to the account e-mail',
    });
  });

  it('lets finance read the register without recording or answering', async () => {
    openRegister('finance', [request(1, 3)], []);
    expect(await screen.findByText('player1')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Record a request' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Mark answered' })).toBeNull();
  });
});

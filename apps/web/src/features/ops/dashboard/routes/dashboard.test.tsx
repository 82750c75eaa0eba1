import type { Operator, OperatorRole } from '@playon/shared/ops';
import type { Dashboard as Figures } from '@playon/shared/ops-dashboard';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import { createMemoryRouter, Outlet, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { storeUser } from '../../../../lib/session-store';
import { ok } from '../../../../test/factories';
import { fakeToken, stubFetch } from '../../../../test/fetch-stub';
import { Component as Dashboard } from './dashboard';

const days = [
  '2026-11-18',
  '2026-11-19',
  '2026-11-20',
  '2026-11-21',
  '2026-11-22',
  '2026-11-23',
  '2026-11-24',
];
const figures: Figures = {
  at: '2026-11-24T09:30:00.000Z',
  signUps: { today: 12, last7Days: 40, perDay: days.map((day, i) => ({ day, count: i * 2 })) },
  money: {
    inToday: [
      { method: 'MPESA', amount: 12500, count: 31 },
      { method: 'CARD', amount: 990.5, count: 3 },
    ],
    outToday: [{ method: 'MPESA', amount: 4000, count: 2 }],
    perDay: days.map((day, i) => ({ day, in: i * 1000, out: i * 100 })),
  },
  payments: { open: 5, stuck: 2 },
  feedback: { unanswered: 7 },
  tournaments: { running: 3 },
};

/** The dashboard inside the console's layout, which hands it the operator signed in. */
function openDashboard(role: OperatorRole) {
  storeUser({ id: 'u1', email: 'ops@example.com', name: '' });
  stubFetch({
    'GET /api/auth/token': () => ({ status: 200, body: { token: fakeToken() } }),
    'GET /api/ops/dashboard': () => ok(figures),
  });
  const operator: Operator = { uid: 'u1', email: 'ops@example.com', name: '', role, sessionEndsAt: '' };
  const router = createMemoryRouter(
    [
      {
        path: '/ops',
        Component: () => <Outlet context={operator} />,
        children: [{ index: true, Component: Dashboard }],
      },
    ],
    { initialEntries: ['/ops'] },
  );
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
}

describe('the dashboard', () => {
  it('shows the figures of the day, with a chart per series', async () => {
    openDashboard('admin');
    const signUps = await screen.findByRole('region', { name: 'Sign-ups' });
    expect(within(signUps).getByText('12')).toBeTruthy();
    expect(within(signUps).getByText('40')).toBeTruthy();
    expect(within(signUps).getByRole('img').getAttribute('aria-label')).toContain('2026-11-24 12');
    const money = screen.getByRole('region', { name: 'Money today' });
    expect(within(money).getByText('KES 13,490.50')).toBeTruthy();
    expect(within(money).getByText('KES 4,000.00')).toBeTruthy();
    const methods = screen.getByRole('region', { name: 'By method, today' });
    expect(within(methods).getAllByText('M-Pesa')).toHaveLength(2);
    expect(within(methods).getByText('Card')).toBeTruthy();
    const payments = screen.getByRole('region', { name: 'Payments' });
    expect(within(payments).getByText('2').className).toContain('text-danger');
    expect(within(screen.getByRole('region', { name: 'Feedback' })).getByText('7')).toBeTruthy();
    expect(within(screen.getByRole('region', { name: 'Tournaments' })).getByText('3')).toBeTruthy();
  });

  it('links each tile to its area only when the role may use it', async () => {
    openDashboard('support');
    await screen.findByRole('region', { name: 'Sign-ups' });
    expect(screen.getByRole('link', { name: /Inbox/ }).getAttribute('href')).toBe(
      '/ops/community/feedback?status=new',
    );
    expect(screen.queryByRole('link', { name: /Tournaments/ })).toBeNull();
    expect(screen.queryByRole('link', { name: /Payments/ })).toBeNull();
  });
});

import type { Operator, OperatorRole } from '@playon/shared/ops';
import type {
  InsightActivity,
  InsightFunnel,
  InsightMoney,
  InsightRetention,
} from '@playon/shared/ops-insight';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, within } from '@testing-library/react';
import { createMemoryRouter, Outlet, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { setLanguage } from '../../../../lib/language';
import { storeUser } from '../../../../lib/session-store';
import { ok } from '../../../../test/factories';
import { fakeToken, stubFetch } from '../../../../test/fetch-stub';
import { Component as Activity } from './activity';
import { Component as Funnel } from './funnel';
import { Component as Layout } from './insight-layout';
import { Component as Money } from './money';
import { Component as Retention } from './retention';

const base = { from: '2026-11-01', to: '2026-11-03', foldedAt: '2026-11-03T09:00:00.000Z' };
const activity: InsightActivity = {
  ...base,
  days: [
    { day: '2026-11-01', dau: 4, wau: 4, mau: 4, newPlayers: 2 },
    { day: '2026-11-02', dau: 2, wau: 5, mau: 5, newPlayers: 1 },
    { day: '2026-11-03', dau: 3, wau: 6, mau: 8, newPlayers: 0 },
  ],
  activePlayers: 6,
  newPlayers: 3,
  stickiness: 0.6083,
};
const emptyActivity: InsightActivity = {
  ...base,
  days: activity.days.map((d) => ({ ...d, dau: 0, wau: 0, mau: 0, newPlayers: 0 })),
  activePlayers: 0,
  newPlayers: 0,
  stickiness: 0,
};
const retention: InsightRetention = {
  ...base,
  gameId: null,
  games: [{ id: 7, name: 'Matatu Rush' }],
  cohorts: [
    {
      week: '2026-10-26',
      players: 4,
      day1: { back: 1, of: 4 },
      day7: { back: 0, of: 2 },
      day30: { back: 0, of: 0 },
    },
  ],
};
const funnel: InsightFunnel = {
  ...base,
  steps: [
    { step: 'signedUp', players: 10 },
    { step: 'profileComplete', players: 8 },
    { step: 'firstGame', players: 4 },
    { step: 'firstTopUp', players: 2 },
    { step: 'firstSubscription', players: 1 },
  ],
};
const money: InsightMoney = {
  ...base,
  days: [
    { day: '2026-11-01', total: 150, byMethod: { CARD: 50, MPESA: 100 }, byPackage: {} },
    { day: '2026-11-02', total: 0, byMethod: { CARD: 0, MPESA: 0 }, byPackage: {} },
    { day: '2026-11-03', total: 0, byMethod: { CARD: 0, MPESA: 0 }, byPackage: {} },
  ],
  methods: ['CARD', 'MPESA'],
  total: 150,
  packages: [],
  activePlayers: 5,
  payers: 2,
  arpu: 30,
  arppu: 75,
  firstTimePayers: 2,
  firstTimePayersPerDay: [],
  refunds: { count: 1, amount: 30 },
  success: [
    { method: 'MPESA', attempts: 4, completed: 1, cancelled: 1, noFunds: 1, timeout: 1, other: 0, open: 0 },
  ],
};

function open(path: string, answers: Record<string, unknown>, role: OperatorRole = 'finance') {
  storeUser({ id: 'u1', email: 'ops@example.com', name: '' });
  const calls = stubFetch({
    'GET /api/auth/token': () => ({ status: 200, body: { token: fakeToken() } }),
    ...Object.fromEntries(
      Object.entries(answers).map(([report, answer]) => [`GET /api/ops/insight/${report}`, () => ok(answer)]),
    ),
  });
  const operator: Operator = { uid: 'u1', email: 'ops@example.com', name: '', role, sessionEndsAt: '' };
  const router = createMemoryRouter(
    [
      {
        path: '/ops',
        Component: () => <Outlet context={operator} />,
        children: [
          {
            path: 'insight',
            Component: Layout,
            children: [
              { path: 'activity', Component: Activity },
              { path: 'retention', Component: Retention },
              { path: 'funnel', Component: Funnel },
              { path: 'money', Component: Money },
            ],
          },
        ],
      },
    ],
    { initialEntries: [path] },
  );
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return calls;
}

afterEach(() => setLanguage('en'));

describe('Insight', () => {
  it('shows activity with each figure’s definition, a chart and its table, for the period in the address', async () => {
    const calls = open('/ops/insight/activity?from=2026-11-01&to=2026-11-03', { activity });
    const active = (await screen.findByText('Active players')).closest('div') as HTMLElement;
    expect(within(active).getByText('6')).toBeTruthy();
    expect(within(active).getByText(/Different players active/)).toBeTruthy();
    expect(screen.getByText('60.8%')).toBeTruthy();
    expect(screen.getAllByRole('img')[0]?.getAttribute('aria-label')).toContain('Active players per day');
    const table = screen.getByRole('table', { name: /Active players per day/ });
    expect(within(table).getAllByRole('row')).toHaveLength(4);
    expect(within(table).getByRole('rowheader', { name: '2026-11-03' }).closest('tr')?.textContent).toContain(
      '37.5%',
    );
    expect(calls.find((call) => call.path === '/api/ops/insight/activity')?.query).toBe(
      '?from=2026-11-01&to=2026-11-03',
    );
    expect(screen.getByText(/Counted up to/)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Recount now' })).toBeTruthy();
  });

  it('says so when nobody was active, and refuses a period that ends before it starts', async () => {
    open('/ops/insight/activity?from=2026-11-01&to=2026-11-03', { activity: emptyActivity });
    expect(await screen.findByText('No player was active in this period.')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('First day'), { target: { value: '2026-11-05' } });
    expect(screen.getByRole('alert').textContent).toBe('The first day must come before the last.');
    expect((screen.getByRole('button', { name: 'Show' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('colours retention by share and says which days have not come yet', async () => {
    open('/ops/insight/retention?from=2026-11-01&to=2026-11-03', { retention });
    const cell = await screen.findByText('25% (1 of 4)');
    expect((cell as HTMLElement).style.backgroundColor).toContain('color-mix');
    expect(screen.getByText('0% (0 of 2)')).toBeTruthy();
    expect(screen.getByText('not yet')).toBeTruthy();
    expect(screen.getByRole('option', { name: 'Matatu Rush' })).toBeTruthy();
  });

  it('shows the funnel’s drop at each step', async () => {
    open('/ops/insight/funnel?from=2026-11-01&to=2026-11-03', { funnel });
    const table = await screen.findByRole('table', { name: 'Players at each step of the funnel' });
    const firstGame = within(table)
      .getByRole('rowheader', { name: 'First game' })
      .closest('tr') as HTMLElement;
    expect(firstGame.textContent).toBe('First game440%50%');
  });

  it('reads the money in Kiswahili, with empty packages said so', async () => {
    setLanguage('sw');
    open('/ops/insight/money?from=2026-11-01&to=2026-11-03', { money });
    expect(await screen.findByRole('heading', { name: 'Takwimu' })).toBeTruthy();
    expect(screen.getByText('Pesa zilizoingia')).toBeTruthy();
    expect(screen.getByText('Hakuna kifurushi kilichouzwa katika kipindi hiki.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Pakua CSV' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Pesa' }).getAttribute('href')).toContain('from=2026-11-01');
  });
});

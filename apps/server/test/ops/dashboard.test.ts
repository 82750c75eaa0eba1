import { randomUUID } from 'node:crypto';
import type { Dashboard } from '@playon/shared/ops-dashboard';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authUser } from '../../src/modules/auth/schema.ts';
import { feedback } from '../../src/modules/content/schema.ts';
import { createDashboard, nairobiDays } from '../../src/modules/operator/dashboard/service.ts';
import { paymentIntents } from '../../src/modules/payments/schema.ts';
import { createTestApp, type TestApp } from '../support/app.ts';
import { signUpOperator } from '../support/operators.ts';
import { bearer, signUpPlayer, type TestPlayer } from '../support/players.ts';
import { arrangeTournament, insertTestGame } from '../support/tournaments.ts';

let t: TestApp;
let finance: TestPlayer;
beforeAll(async () => {
  t = await createTestApp();
  finance = await signUpOperator(t.app, t.database.db, 'finance');
});
afterAll(() => t.close());

const HOUR = 3_600_000;

async function dashboardAs(who: TestPlayer) {
  const answer = await t.app.inject({ method: 'GET', url: '/api/ops/dashboard', headers: bearer(who.token) });
  expect(answer.statusCode, answer.body).toBe(200);
  return answer.json().payload as Dashboard;
}

/** An intent as the payments module leaves it; `at` is when it was created and last changed. */
function intent(values: { type: string; method: string; status: string; kes: number; at: Date }) {
  const uid = `seated-${randomUUID()}`;
  return {
    playerUid: uid,
    walletUid: uid,
    type: values.type,
    methodCode: values.method,
    status: values.status,
    amountCents: BigInt(values.kes * 100),
    createdAt: values.at,
    updatedAt: values.at,
  };
}

describe('the dashboard', () => {
  it('is every operator’s, and refused to players', async () => {
    for (const role of ['support', 'finance', 'admin'] as const) {
      await dashboardAs(await signUpOperator(t.app, t.database.db, role));
    }
    const player = await signUpPlayer(t.app);
    const refused = await t.app.inject({
      method: 'GET',
      url: '/api/ops/dashboard',
      headers: bearer(player.token),
    });
    expect(refused.statusCode).toBe(403);
  });

  it('adds up what was arranged: sign-ups, money in and out by method, open and stuck payments, feedback, tournaments', async () => {
    const before = await dashboardAs(finance);
    const now = new Date();
    const db = t.database.db;

    // Two sign-ups now and one three days ago (in the 7 days), one ten days ago (out of them).
    await signUpPlayer(t.app);
    await signUpPlayer(t.app);
    await db.insert(authUser).values([
      {
        id: `old-${randomUUID()}`,
        name: '',
        email: `${randomUUID()}@example.com`,
        createdAt: new Date(now.getTime() - 3 * 24 * HOUR),
      },
      {
        id: `older-${randomUUID()}`,
        name: '',
        email: `${randomUUID()}@example.com`,
        createdAt: new Date(now.getTime() - 10 * 24 * HOUR),
      },
    ]);

    await db.insert(paymentIntents).values([
      intent({ type: 'TOPUP', method: 'MPESA', status: 'COMPLETED', kes: 500, at: now }),
      intent({ type: 'BOOST', method: 'MPESA', status: 'COMPLETED', kes: 250.5, at: now }),
      intent({ type: 'SUBSCRIPTION', method: 'CARD', status: 'COMPLETED', kes: 99, at: now }),
      intent({ type: 'WITHDRAWAL', method: 'MPESA', status: 'COMPLETED', kes: 300, at: now }),
      // Not money in or out: paid from the wallet, failed, or still open.
      intent({ type: 'SUBSCRIPTION', method: 'WALLET', status: 'COMPLETED', kes: 50, at: now }),
      intent({ type: 'TOPUP', method: 'MPESA', status: 'ERROR', kes: 70, at: now }),
      intent({ type: 'TOPUP', method: 'MPESA', status: 'PENDING', kes: 20, at: now }),
      // Open for two days: past the give-up time (24 hours by default), so stuck.
      intent({
        type: 'TOPUP',
        method: 'MPESA',
        status: 'IN_PROGRESS',
        kes: 40,
        at: new Date(now.getTime() - 48 * HOUR),
      }),
    ]);

    const player = await signUpPlayer(t.app);
    await db.insert(feedback).values([
      { uid: player.uid, email: player.email, subject: 'Hi', message: 'One' },
      { uid: player.uid, email: player.email, subject: 'Hi', message: 'Two', status: 'answered' },
    ]);

    const game = await insertTestGame(t);
    await arrangeTournament(t, {
      gameId: game.id,
      starts: new Date(now.getTime() - HOUR),
      ends: new Date(now.getTime() + HOUR),
    });
    await arrangeTournament(t, {
      gameId: game.id,
      starts: new Date(now.getTime() + HOUR),
      ends: new Date(now.getTime() + 2 * HOUR),
    });

    const after = await dashboardAs(finance);
    // The player signed up for the feedback counts too: three today.
    expect(after.signUps.today - before.signUps.today).toBe(3);
    expect(after.signUps.last7Days - before.signUps.last7Days).toBe(4);
    expect(after.signUps.perDay).toHaveLength(7);
    expect(after.signUps.perDay.at(-1)?.day).toBe(nairobiDays(now).days.at(-1));

    const inToday = Object.fromEntries(after.money.inToday.map((row) => [row.method, row]));
    const inBefore = Object.fromEntries(before.money.inToday.map((row) => [row.method, row]));
    expect((inToday.MPESA?.amount ?? 0) - (inBefore.MPESA?.amount ?? 0)).toBeCloseTo(750.5, 2);
    expect((inToday.MPESA?.count ?? 0) - (inBefore.MPESA?.count ?? 0)).toBe(2);
    expect((inToday.CARD?.amount ?? 0) - (inBefore.CARD?.amount ?? 0)).toBe(99);
    expect(inToday.WALLET).toBeUndefined();
    const outToday = Object.fromEntries(after.money.outToday.map((row) => [row.method, row]));
    expect(outToday.MPESA?.amount).toBe(
      300 + (before.money.outToday.find((r) => r.method === 'MPESA')?.amount ?? 0),
    );
    const today = after.money.perDay.at(-1);
    expect(today && today.in - (before.money.perDay.at(-1)?.in ?? 0)).toBeCloseTo(849.5, 2);

    expect(after.payments.open - before.payments.open).toBe(2);
    expect(after.payments.stuck - before.payments.stuck).toBe(1);
    expect(after.feedback.unanswered - before.feedback.unanswered).toBe(1);
    expect(after.tournaments.running - before.tournaments.running).toBe(1);
  });
});

describe("Nairobi's days", () => {
  it('end at midnight in Nairobi (21:00 UTC), whatever the server’s clock says', async () => {
    const seen: Date[] = [];
    const dashboard = createDashboard(
      {
        signUpsPerDay: async (since) => {
          seen.push(since);
          return [];
        },
        moneyPerDay: async () => [],
        openPayments: async () => ({ open: 0, stuck: 0 }),
        unansweredFeedback: async () => 0,
        runningTournaments: async () => 0,
      },
      () => new Date('2026-11-24T21:30:00Z'),
    );
    const read = await dashboard.read();
    // 00:30 on the 25th in Nairobi: the 25th is today, the 19th the first of the seven days.
    expect(read.signUps.perDay.map((row) => row.day)).toEqual([
      '2026-11-19',
      '2026-11-20',
      '2026-11-21',
      '2026-11-22',
      '2026-11-23',
      '2026-11-24',
      '2026-11-25',
    ]);
    expect(seen[0]?.toISOString()).toBe('2026-11-18T21:00:00.000Z');
  });
});

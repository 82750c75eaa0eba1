import { opsMessages } from '@playon/shared/ops';
import type {
  InsightActivity,
  InsightFunnel,
  InsightGames,
  InsightMoney,
  InsightRetention,
} from '@playon/shared/ops-insight';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/app.ts';
import { signUpOperator } from '../support/operators.ts';
import { bearer, signUpPlayer, type TestPlayer } from '../support/players.ts';
import { activeByDaysAgo, arrangeInsightFixture, dayBefore, signUpsByDaysAgo } from './insight-fixture.ts';

// The Insight figures, checked to the row against known activity (insight-fixture.ts), on PGlite and
// on PostgreSQL alike (TEST_DATABASE_URL).
let t: TestApp;
let finance: TestPlayer;
let fixture: Awaited<ReturnType<typeof arrangeInsightFixture>>;
const now = new Date();
const period = `from=${dayBefore(now, 40)}&to=${dayBefore(now, 1)}`;

beforeAll(async () => {
  t = await createTestApp();
  finance = await signUpOperator(t.app, t.database.db, 'finance');
  fixture = await arrangeInsightFixture(t, now);
  await t.app.jobs.runDue();
}, 60_000);
afterAll(() => t?.close());

async function get<T>(path: string, who: TestPlayer = finance) {
  const answer = await t.app.inject({
    method: 'GET',
    url: `/api/ops/insight/${path}`,
    headers: bearer(who.token),
  });
  expect(answer.statusCode, answer.body).toBe(200);
  return answer.json().payload as T;
}

/** The Monday of a day's week, by the calendar. */
function monday(day: string) {
  const date = new Date(`${day}T00:00:00Z`);
  return new Date(date.getTime() - ((date.getUTCDay() + 6) % 7) * 86_400_000).toISOString().slice(0, 10);
}

describe('Insight', () => {
  it('is finance’s and admins’: support and players are refused', async () => {
    const admin = await signUpOperator(t.app, t.database.db, 'admin');
    await get('activity', admin);
    for (const who of [await signUpOperator(t.app, t.database.db, 'support'), await signUpPlayer(t.app)]) {
      for (const path of ['activity', 'retention', 'funnel', 'money', 'games', 'csv?report=money']) {
        const refused = await t.app.inject({
          method: 'GET',
          url: `/api/ops/insight/${path}`,
          headers: bearer(who.token),
        });
        expect(refused.statusCode, path).toBe(403);
        expect(refused.json().statusMessage).toBe(opsMessages.forbidden);
      }
    }
  });

  it('counts active and new players per Nairobi day: DAU, WAU, MAU', async () => {
    const activity = await get<InsightActivity>(`activity?${period}`);
    expect(activity.days).toHaveLength(40);
    expect(activity.activePlayers).toBe(5);
    expect(activity.newPlayers).toBe(5);
    const byDay = new Map(activity.days.map((day) => [day.day, day]));
    // By hand, a few days: yesterday d and e in the week, a, c, d, e in the month.
    expect(byDay.get(dayBefore(now, 1))).toEqual({
      day: dayBefore(now, 1),
      dau: 1,
      wau: 2,
      mau: 4,
      newPlayers: 1,
    });
    expect(byDay.get(dayBefore(now, 33))).toMatchObject({ dau: 1, wau: 1, mau: 2, newPlayers: 0 });
    expect(byDay.get(dayBefore(now, 40))).toMatchObject({ dau: 2, wau: 2, mau: 2, newPlayers: 2 });
    expect(byDay.get(dayBefore(now, 9))).toMatchObject({ dau: 1, wau: 2, mau: 2, newPlayers: 1 });
    // Every day, from the list of who was active when.
    for (let k = 40; k >= 1; k--) {
      const within = (span: number) =>
        new Set(
          Object.entries(activeByDaysAgo)
            .filter(([ago]) => Number(ago) >= k && Number(ago) < k + span)
            .flatMap(([, who]) => who),
        ).size;
      expect(byDay.get(dayBefore(now, k)), `day ${k}`).toEqual({
        day: dayBefore(now, k),
        dau: activeByDaysAgo[k]?.length ?? 0,
        wau: within(7),
        mau: within(30),
        newPlayers: signUpsByDaysAgo[k] ?? 0,
      });
    }
    expect(activity.foldedAt).not.toBeNull();
  });

  it('groups sign-ups by week and counts who came back on day 1, 7 and 30, of those whose day has come', async () => {
    const retention = await get<InsightRetention>(`retention?${period}`);
    const expected = new Map<string, { players: number; back: number[]; of: number[] }>();
    // [sign-up days ago, back on day 1, 7, 30, due on day 1, 7, 30]
    const players: [number, boolean[], boolean[]][] = [
      [40, [true, true, true], [true, true, true]], // a
      [40, [false, false, false], [true, true, true]], // b
      [9, [true, false, false], [true, true, false]], // c
      [2, [false, false, false], [true, false, false]], // d
      [1, [false, false, false], [false, false, false]], // e: day 1 is today
    ];
    for (const [ago, back, due] of players) {
      const week = monday(dayBefore(now, ago));
      const row = expected.get(week) ?? { players: 0, back: [0, 0, 0], of: [0, 0, 0] };
      row.players += 1;
      back.forEach((b, i) => {
        if (b && due[i]) row.back[i] = (row.back[i] ?? 0) + 1;
        if (due[i]) row.of[i] = (row.of[i] ?? 0) + 1;
      });
      expected.set(week, row);
    }
    expect(retention.cohorts).toEqual(
      [...expected.entries()]
        .sort(([x], [y]) => x.localeCompare(y))
        .map(([week, row]) => ({
          week,
          players: row.players,
          day1: { back: row.back[0], of: row.of[0] },
          day7: { back: row.back[1], of: row.of[1] },
          day30: { back: row.back[2], of: row.of[2] },
        })),
    );
    expect(retention.games.map((game) => game.id)).toEqual(
      expect.arrayContaining([fixture.g1.id, fixture.g2.id]),
    );

    // One game's: by first play of it. Game 1: a (back on day 1) and c; game 2: b, and e not due yet.
    const g1 = await get<InsightRetention>(`retention?${period}&gameId=${fixture.g1.id}`);
    const sum = (r: InsightRetention, key: 'day1' | 'day7' | 'day30') =>
      r.cohorts.reduce((acc, c) => ({ back: acc.back + c[key].back, of: acc.of + c[key].of }), {
        back: 0,
        of: 0,
      });
    expect(g1.gameId).toBe(fixture.g1.id);
    expect(g1.cohorts.reduce((s, c) => s + c.players, 0)).toBe(2);
    expect([sum(g1, 'day1'), sum(g1, 'day7'), sum(g1, 'day30')]).toEqual([
      { back: 1, of: 2 },
      { back: 0, of: 2 },
      { back: 0, of: 1 },
    ]);
    const g2 = await get<InsightRetention>(`retention?${period}&gameId=${fixture.g2.id}`);
    expect(g2.cohorts.reduce((s, c) => s + c.players, 0)).toBe(2);
    expect([sum(g2, 'day1'), sum(g2, 'day7'), sum(g2, 'day30')]).toEqual([
      { back: 0, of: 1 },
      { back: 0, of: 1 },
      { back: 0, of: 1 },
    ]);
  });

  it('follows the new players down the funnel, each step with those before it', async () => {
    const funnel = await get<InsightFunnel>(`funnel?${period}`);
    expect(funnel.steps).toEqual([
      { step: 'signedUp', players: 5 },
      { step: 'profileComplete', players: 2 },
      { step: 'firstGame', players: 2 },
      { step: 'firstTopUp', players: 2 },
      { step: 'firstSubscription', players: 1 },
    ]);
    const lastWeek = await get<InsightFunnel>(`funnel?from=${dayBefore(now, 7)}&to=${dayBefore(now, 1)}`);
    expect(lastWeek.steps.map((s) => s.players)).toEqual([2, 0, 0, 0, 0]);
  });

  it('adds up the money: per day by method, packages, ARPU, ARPPU, first payers, refunds, success by method', async () => {
    const money = await get<InsightMoney>(`money?${period}`);
    expect(money.total).toBe(150);
    expect(money.methods).toEqual(['CARD', 'MPESA']);
    const paidDays = money.days.filter((day) => day.total > 0);
    const sold = (kes: number) => ({ [String(fixture.pkg.id)]: kes });
    expect(paidDays).toEqual([
      { day: dayBefore(now, 39), total: 100, byMethod: { CARD: 0, MPESA: 100 }, byPackage: sold(0) },
      // The subscription was paid from the wallet: sold that day, not money in.
      { day: dayBefore(now, 8), total: 50, byMethod: { CARD: 50, MPESA: 0 }, byPackage: sold(20) },
    ]);
    expect(money.days.filter((day) => (day.byPackage[String(fixture.pkg.id)] ?? 0) > 0)).toHaveLength(1);
    expect(money.packages).toEqual([
      { packageId: fixture.pkg.id, name: fixture.pkg.name, count: 1, amount: 20 },
    ]);
    expect([money.activePlayers, money.payers, money.arpu, money.arppu]).toEqual([5, 2, 30, 75]);
    expect(money.firstTimePayers).toBe(2);
    expect(money.firstTimePayersPerDay.filter((day) => day.count > 0)).toEqual([
      { day: dayBefore(now, 39), count: 1 },
      { day: dayBefore(now, 8), count: 1 },
    ]);
    expect(money.refunds).toEqual({ count: 1, amount: 30 });
    expect(money.success).toEqual([
      { method: 'CARD', attempts: 2, completed: 1, cancelled: 0, noFunds: 0, timeout: 0, other: 1, open: 0 },
      { method: 'MPESA', attempts: 5, completed: 1, cancelled: 1, noFunds: 1, timeout: 1, other: 0, open: 1 },
      {
        method: 'WALLET',
        attempts: 1,
        completed: 1,
        cancelled: 0,
        noFunds: 0,
        timeout: 0,
        other: 0,
        open: 0,
      },
    ]);
  });

  it('counts plays, players and session length per game, and each tournament’s entries and plays', async () => {
    const games = await get<InsightGames>(`games?${period}`);
    expect(games.games).toEqual([
      { gameId: fixture.g1.id, name: fixture.g1.name, plays: 3, players: 2, finished: 3, meanSeconds: 90 },
      { gameId: fixture.g2.id, name: fixture.g2.name, plays: 3, players: 2, finished: 2, meanSeconds: 38 },
    ]);
    expect(games.tournaments).toEqual([
      {
        id: fixture.cup.id,
        name: 'Insight Cup',
        game: fixture.g1.name,
        starts: fixture.cup.starts.toISOString(),
        ends: fixture.cup.ends.toISOString(),
        state: 'ranked',
        entries: 1,
        plays: 1,
        finished: 1,
      },
    ]);
  });

  it('gives each report as CSV with Nairobi days', async () => {
    const answer = await t.app.inject({
      method: 'GET',
      url: `/api/ops/insight/csv?report=activity&${period}`,
      headers: bearer(finance.token),
    });
    expect(answer.statusCode).toBe(200);
    const lines = answer.body.trim().split(/\r?\n/);
    expect(lines[0]).toBe('day (Africa/Nairobi),DAU,WAU,MAU,DAU/MAU,new players');
    expect(lines).toHaveLength(41);
    expect(lines.at(-1)).toBe(`${dayBefore(now, 1)},1,2,4,0.2500,1`);
    const money = await t.app.inject({
      method: 'GET',
      url: `/api/ops/insight/csv?report=money&${period}`,
      headers: bearer(finance.token),
    });
    expect(money.body).toContain(`${dayBefore(now, 39)},100.00,0.00,100.00,1`);
  });

  it('folds a late outcome in at the next run, when an operator asks, with an audit entry', async () => {
    await t.database.db.execute(
      sql`update payment_intents set status = 'COMPLETED', updated_at = now() where id = ${fixture.dOpen}::uuid`,
    );
    const support = await signUpOperator(t.app, t.database.db, 'support');
    const refused = await t.app.inject({
      method: 'POST',
      url: '/api/ops/insight/refresh',
      headers: bearer(support.token),
    });
    expect(refused.statusCode).toBe(403);
    const asked = await t.app.inject({
      method: 'POST',
      url: '/api/ops/insight/refresh',
      headers: bearer(finance.token),
    });
    expect(asked.statusCode, asked.body).toBe(200);
    await t.app.jobs.runDue();
    const money = await get<InsightMoney>(`money?${period}`);
    expect([money.total, money.payers, money.firstTimePayers, money.arpu]).toEqual([190, 3, 3, 38]);
    expect(money.success.find((row) => row.method === 'MPESA')).toMatchObject({
      completed: 2,
      open: 0,
      attempts: 5,
    });
    const activity = await get<InsightActivity>(`activity?${period}`);
    expect(activity.days.find((day) => day.day === dayBefore(now, 2))?.dau).toBe(1);
    const audit = await t.database.db.execute(
      sql`select actor_email from ops_audit_log where action = 'insight.refresh'`,
    );
    expect(
      (audit as unknown as { rows: { actor_email: string }[] }).rows.map((row) => row.actor_email),
    ).toEqual([finance.email]);
  });

  it('refuses a period it cannot answer, with the reason', async () => {
    const reversed = await t.app.inject({
      method: 'GET',
      url: `/api/ops/insight/activity?from=${dayBefore(now, 1)}&to=${dayBefore(now, 5)}`,
      headers: bearer(finance.token),
    });
    expect(reversed.statusCode).toBe(400);
    expect(reversed.body).toContain('The first day must come before the last.');
  });
});

import { randomUUID } from 'node:crypto';
import type { AudienceSize, SavedAudience } from '@playon/shared/ops-audiences';
import { nairobiDayOf } from '@playon/shared/ops-data-requests';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authUser } from '../../src/modules/auth/schema.ts';
import { playSessions } from '../../src/modules/games/schema.ts';
import { paymentIntents } from '../../src/modules/payments/schema.ts';
import { profiles } from '../../src/modules/profile/schema.ts';
import { userSubscriptions } from '../../src/modules/subscriptions/schema.ts';
import { createSubscriptionService } from '../../src/modules/subscriptions/service.ts';
import { tournamentScores } from '../../src/modules/tournaments/schema.ts';
import { createTestApp, type TestApp } from '../support/app.ts';
import { signUpOperator } from '../support/operators.ts';
import { bearer, signUpPlayer, type TestPlayer } from '../support/players.ts';
import { arrangeTournament, insertTestGame } from '../support/tournaments.ts';

// Saved audiences (ADR 0068): known players, each audience's membership exactly, as the console
// counts and previews it. Every identity of this file has a username, so a preview of five or fewer
// is the whole audience.
let t: TestApp;
let support: TestPlayer;
let finance: TestPlayer;
const named = new Map<string, TestPlayer>();
let gameId: number;
let tournamentId: number;
const DAY = 24 * 60 * 60_000;

const get = (url: string, who: TestPlayer) =>
  t.app.inject({ method: 'GET', url, headers: bearer(who.token) });
const send = (method: 'POST', url: string, who: TestPlayer, payload?: object) =>
  t.app.inject({ method, url, headers: bearer(who.token), ...(payload ? { payload } : {}) });

async function withUsername(player: TestPlayer, username: string) {
  await t.database.db.update(profiles).set({ username }).where(eq(profiles.uid, player.uid));
  named.set(username, player);
  return player;
}
const uidOf = (username: string) => named.get(username)?.uid as string;

async function played(username: string, game: number, daysAgo: number) {
  const startedAt = new Date(Date.now() - daysAgo * DAY);
  await t.database.db.insert(playSessions).values({
    uid: uidOf(username),
    gameId: game,
    startedAt,
    expiresAt: new Date(startedAt.getTime() + 60_000),
  });
}

async function paid(username: string, type: string, status = 'COMPLETED') {
  await t.database.db.insert(paymentIntents).values({
    playerUid: uidOf(username),
    walletUid: uidOf(username),
    type,
    methodCode: 'MPESA',
    status,
    amountCents: 10_000n,
  });
}

async function subscribedUntil(username: string, expiresAt: Date) {
  const [pack] = await createSubscriptionService({ db: t.database.db }).listPackages();
  await t.database.db.insert(userSubscriptions).values({
    uid: uidOf(username),
    packageId: pack?.id as number,
    startsAt: new Date(expiresAt.getTime() - DAY),
    expiresAt,
    intentId: randomUUID(),
  });
}

beforeAll(async () => {
  t = await createTestApp();
  support = await withUsername(await signUpOperator(t.app, t.database.db, 'support'), 'op_support');
  finance = await withUsername(await signUpOperator(t.app, t.database.db, 'finance'), 'op_finance');
  for (const name of ['amina', 'brian', 'chebet', 'daudi', 'esther', 'faith', 'george', 'halima'])
    await withUsername(await signUpPlayer(t.app), name);

  const game = await insertTestGame(t);
  const cupGame = await insertTestGame(t);
  gameId = game.id;
  await played('amina', gameId, 40);
  await played('brian', gameId, 40);
  await played('brian', gameId, 5);
  await played('daudi', gameId, 40);
  await played('halima', cupGame.id, 0);
  const cup = await arrangeTournament(t, {
    gameId: cupGame.id,
    starts: new Date(Date.now() - 60_000),
    ends: new Date(Date.now() + 3_600_000),
    name: 'Matatu Cup',
  });
  tournamentId = cup.id;
  await t.database.db.insert(tournamentScores).values([
    { tournamentId, uid: uidOf('halima'), pointsHundredths: 3_000 },
    { tournamentId, uid: uidOf('daudi'), pointsHundredths: 2_000 },
  ]);

  await paid('chebet', 'TOPUP');
  await paid('esther', 'SUBSCRIPTION');
  await paid('faith', 'BOOST');
  await paid('halima', 'TOPUP');
  await paid('george', 'TOPUP', 'ERROR');
  await paid('daudi', 'WITHDRAWAL');

  const todayStarts = new Date(`${nairobiDayOf(new Date())}T00:00:00+03:00`);
  await subscribedUntil('esther', new Date(todayStarts.getTime() + 12 * 60 * 60_000));
  await subscribedUntil('faith', new Date(todayStarts.getTime() + 12 * 60 * 60_000));
  await subscribedUntil('faith', new Date(todayStarts.getTime() + 36 * 60 * 60_000));
  await subscribedUntil('george', new Date(todayStarts.getTime() - 60 * 60_000));

  await t.database.db
    .update(authUser)
    .set({ banned: true })
    .where(eq(authUser.id, uidOf('daudi')));
}, 60_000);
afterAll(() => t.close());

async function sizeOf(query: string) {
  const answer = await get(`/api/ops/community/audiences/size?${query}`, support);
  expect(answer.statusCode, answer.body).toBe(200);
  return answer.json().payload as AudienceSize;
}
const members = (size: AudienceSize) => [...size.preview].sort();

describe('who is in an audience', () => {
  it('finds the lapsed: played once, not in the last N days, and may sign in', async () => {
    const lapsed = await sizeOf('kind=lapsed&days=30');
    expect(lapsed).toMatchObject({ count: 1, description: 'No play in the last 30 days' });
    expect(members(lapsed)).toEqual(['amina']);
    expect(members(await sizeOf('kind=lapsed&days=3'))).toEqual(['amina', 'brian']);
    expect((await sizeOf('kind=lapsed&days=60')).count).toBe(0);
  });

  it('finds the players whose last subscription ends today in Nairobi', async () => {
    const ending = await sizeOf('kind=subscription-ends-today');
    expect(ending).toMatchObject({ count: 1, description: 'Last subscription ends today (Nairobi)' });
    expect(members(ending)).toEqual(['esther']);
  });

  it('finds who signed up and never completed a payment of their own', async () => {
    const never = await sizeOf('kind=never-paid');
    expect(never.description).toBe('Signed up, never paid');
    expect(never.count).toBe(5);
    expect(members(never)).toEqual(['amina', 'brian', 'george', 'op_finance', 'op_support']);
  });

  it("finds a game's players and a tournament's entrants, leaving out a disabled account", async () => {
    const game = await sizeOf(`kind=game&gameId=${gameId}`);
    expect(members(game)).toEqual(['amina', 'brian']);
    const cup = await sizeOf(`kind=tournament&tournamentId=${tournamentId}`);
    expect(cup).toMatchObject({ count: 1, description: 'Entrants of Matatu Cup', preview: ['halima'] });
  });

  it('says what is missing or wrong in a rule', async () => {
    const noDays = await get('/api/ops/community/audiences/size?kind=lapsed', support);
    expect(noDays.statusCode).toBe(400);
    expect(noDays.json().payload.fields).toMatchObject({
      days: expect.stringContaining('days without play'),
    });
    const noGame = await get('/api/ops/community/audiences/size?kind=game&gameId=999999', support);
    expect(noGame.statusCode).toBe(404);
    expect(noGame.json().statusMessage).toBe('This game does not exist.');
  });
});

describe('saving an audience', () => {
  it('saves, lists, counts, edits and deletes one, each change audited', async () => {
    const saved = await send('POST', '/api/ops/community/audiences', support, {
      name: 'Lapsed a month',
      kind: 'lapsed',
      days: 30,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const audience = saved.json().payload as SavedAudience;
    expect(audience).toMatchObject({ name: 'Lapsed a month', kind: 'lapsed', days: 30, targetId: null });

    const list = (await get('/api/ops/community/audiences?q=lapsed', support)).json().payload;
    expect(list.items.map((item: SavedAudience) => item.description)).toEqual([
      'No play in the last 30 days',
    ]);
    const size = (await get(`/api/ops/community/audiences/${audience.id}/size`, support)).json().payload;
    expect(size).toMatchObject({ count: 1, preview: ['amina'] });

    const taken = await send('POST', '/api/ops/community/audiences', support, {
      name: 'LAPSED A MONTH',
      kind: 'never-paid',
    });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().statusMessage).toBe('An audience has this name already.');

    const edited = await send('POST', `/api/ops/community/audiences/${audience.id}`, support, {
      name: 'Lapsed a month',
      kind: 'lapsed',
      days: 3,
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(
      (await get(`/api/ops/community/audiences/${audience.id}/size`, support)).json().payload.count,
    ).toBe(2);

    expect(
      (await send('POST', `/api/ops/community/audiences/${audience.id}/delete`, support)).statusCode,
    ).toBe(200);
    expect((await get(`/api/ops/community/audiences/${audience.id}/size`, support)).statusCode).toBe(404);
    const audit = (await get(`/api/ops/audit?target=${audience.id}`, support)).json().payload.items as {
      action: string;
      before: unknown;
      after: unknown;
    }[];
    expect(audit.map((entry) => entry.action).sort()).toEqual([
      'audiences.define',
      'audiences.delete',
      'audiences.edit',
    ]);
    expect(audit.find((entry) => entry.action === 'audiences.edit')).toMatchObject({
      before: { days: 30 },
      after: { days: 3 },
    });
  });

  it('refuses finance and players to see, define or send to audiences, and saves nothing', async () => {
    const player = named.get('amina') as TestPlayer;
    for (const who of [finance, player]) {
      expect((await get('/api/ops/community/audiences', who)).statusCode).toBe(403);
      const defined = await send('POST', '/api/ops/community/audiences', who, {
        name: 'Mine',
        kind: 'never-paid',
      });
      expect(defined.statusCode).toBe(403);
      const sent = await t.app.inject({
        method: 'POST',
        url: '/api/ops/community/audiences/1/broadcast',
        headers: { ...bearer(who.token), 'idempotency-key': randomUUID() },
        payload: { title: 'Hi', body: 'Hello', expectedRecipients: 1 },
      });
      expect(sent.statusCode).toBe(403);
    }
    const list = (await get('/api/ops/community/audiences?q=Mine', support)).json().payload;
    expect(list.total).toBe(0);

    const admin = await signUpOperator(t.app, t.database.db, 'admin');
    await withUsername(admin, 'op_admin');
    const byAdmin = await send('POST', '/api/ops/community/audiences', admin, {
      name: 'Mine',
      kind: 'never-paid',
    });
    expect(byAdmin.statusCode, byAdmin.body).toBe(200);
  });
});

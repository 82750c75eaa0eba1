import { gameMessages, OFFLINE_SESSIONS, type OfflineSessions } from '@playon/shared/games';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { games, OFFLINE_SESSION_MS, playSessions } from '../../src/modules/games/service.ts';
import { tournaments } from '../../src/modules/tournaments/schema.ts';
import { createTestApp, type TestApp } from '../support/app.ts';
import { accessToken, bearer, signUpPlayer, type TestPlayer } from '../support/players.ts';
import { arrangeTournament, insertTestGame, tournamentApi } from '../support/tournaments.ts';

/**
 * Sessions kept on the device for runs played offline (ADR 0065): issued while online, a few at a
 * time, each valid for a bounded time; a run reported late counts as any run, once, and for a
 * tournament only when its session was issued before the end.
 */
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

let t: TestApp;
let api: ReturnType<typeof tournamentApi>;
let amina: TestPlayer;
let brian: TestPlayer;
let gameId: number;
beforeAll(async () => {
  t = await createTestApp();
  api = tournamentApi(t);
  [amina, brian] = [await signUpPlayer(t.app), await signUpPlayer(t.app)];
  gameId = (await insertTestGame(t)).id;
});
afterAll(() => t.close());
afterEach(() => {
  vi.useRealTimers();
});

const keep = (player: TestPlayer | null, id: number, body: object = {}) =>
  t.app.inject({
    method: 'POST',
    url: `/api/games/${id}/offline-sessions`,
    headers: player ? bearer(player.token) : {},
    payload: body,
  });
async function kept(player: TestPlayer, id: number, body: object = {}): Promise<OfflineSessions['sessions']> {
  const response = await keep(player, id, body);
  expect(response.statusCode, response.body).toBe(200);
  return (response.json().payload as OfflineSessions).sessions;
}
const report = (session: string, points: number, player: TestPlayer = amina) =>
  t.app.inject({
    method: 'POST',
    url: '/api/games/score',
    headers: bearer(player.token),
    payload: { session, points },
  });
const idOf = (token: string) => token.split('.')[0] as string;
/** Moves a session's issue back, as if the device had kept it that long. */
const issuedAgo = (token: string, ms: number) =>
  t.database.db
    .update(playSessions)
    .set({ startedAt: new Date(Date.now() - ms) })
    .where(eq(playSessions.id, idOf(token)));

describe('POST /api/games/:id/offline-sessions', () => {
  it('issues three sessions valid a day, the same ones when asked again, topped up once one is spent', async () => {
    const before = Date.now();
    const first = await kept(amina, gameId);
    expect(first).toHaveLength(OFFLINE_SESSIONS);
    for (const session of first) {
      expect(session.launchUrl).toContain(`session=${encodeURIComponent(session.session)}`);
      expect(session.launchUrl).toContain(`username=${amina.uid}`);
      const lifetime = Date.parse(session.expiresAt) - before;
      expect(lifetime).toBeGreaterThanOrEqual(OFFLINE_SESSION_MS - MINUTE);
      expect(lifetime).toBeLessThanOrEqual(OFFLINE_SESSION_MS + MINUTE);
    }
    expect(new Set(first.map((session) => session.session)).size).toBe(OFFLINE_SESSIONS);
    expect((await kept(amina, gameId)).map((session) => session.session)).toEqual(
      first.map((session) => session.session),
    );

    const [spent, ...rest] = first.map((session) => session.session);
    expect((await report(spent as string, 12)).statusCode).toBe(200);
    const again = (await kept(amina, gameId)).map((session) => session.session);
    expect(again).toHaveLength(OFFLINE_SESSIONS);
    expect(again.slice(0, 2)).toEqual(rest);
    expect(again).not.toContain(spent);
    // Another player's are their own; a free play's are not a tournament's.
    expect((await kept(brian, gameId)).some((session) => again.includes(session.session))).toBe(false);
  });

  it("refuses without a player, a game that does not exist, a subscribers' game without a plan, a tournament not running, and a bad body", async () => {
    expect((await keep(null, gameId)).statusCode).toBe(401);
    const missing = await keep(amina, 987654);
    expect(missing.statusCode).toBe(404);
    expect(missing.json().statusMessage).toBe(gameMessages.notFound);
    const forSubscribers = await insertTestGame(t);
    await t.database.db.update(games).set({ access: 'SUBSCRIPTION' }).where(eq(games.id, forSubscribers.id));
    const plan = await keep(amina, forSubscribers.id);
    expect(plan.statusCode).toBe(403);
    expect(plan.json().statusMessage).toBe(gameMessages.subscriptionRequired);
    const now = Date.now();
    const upcoming = await arrangeTournament(t, {
      gameId,
      starts: new Date(now + HOUR),
      ends: new Date(now + 2 * HOUR),
    });
    const notRunning = await keep(amina, gameId, { tournamentId: upcoming.id });
    expect(notRunning.statusCode).toBe(409);
    expect(notRunning.json().statusMessage).toBe(gameMessages.tournamentNotOngoing);
    expect((await keep(amina, gameId, { tournamentId: -1 })).statusCode).toBe(400);
  });
});

describe('a run played offline, reported later', () => {
  it('counts hours after its session was issued, until the session expires', async () => {
    const [late, expired] = (await kept(brian, gameId)).map((session) => session.session);
    await issuedAgo(late as string, 5 * HOUR);
    const counted = await report(late as string, 40, brian);
    expect(counted.statusCode, counted.body).toBe(200);
    expect(counted.json().payload).toEqual({ points: 40, best: 40, rank: null });
    await t.database.db
      .update(playSessions)
      .set({
        startedAt: new Date(Date.now() - OFFLINE_SESSION_MS - HOUR),
        expiresAt: new Date(Date.now() - HOUR),
      })
      .where(eq(playSessions.id, idOf(expired as string)));
    const refused = await report(expired as string, 41, brian);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().statusMessage).toBe(gameMessages.sessionExpired);
  });

  it('sent twice is answered twice and counted once; other points on a spent session are refused', async () => {
    const [session] = (await kept(amina, gameId)).map((one) => one.session);
    const first = await report(session as string, 77.5);
    expect(first.statusCode, first.body).toBe(200);
    const [row] = await t.database.db
      .select()
      .from(playSessions)
      .where(eq(playSessions.id, idOf(session as string)));
    const again = await report(session as string, 77.5);
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json().payload).toEqual(first.json().payload);
    const [after] = await t.database.db
      .select()
      .from(playSessions)
      .where(eq(playSessions.id, idOf(session as string)));
    expect(after?.reportedAt).toEqual(row?.reportedAt);
    const other = await report(session as string, 80);
    expect(other.statusCode).toBe(409);
    expect(other.json().statusMessage).toBe(gameMessages.sessionUsed);
  });

  it('counts for a tournament when its session was issued before the end, once, and not once the results are final', async () => {
    const now = Date.now();
    const cup = await arrangeTournament(t, {
      gameId,
      starts: new Date(now - HOUR),
      ends: new Date(now + MINUTE),
    });
    const [session, another] = (await kept(amina, gameId, { tournamentId: cup.id })).map(
      (one) => one.session,
    );
    // Back online after the end: the run still counts, and sending it again changes nothing.
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(now + 10 * MINUTE);
    amina = { ...amina, token: await accessToken(t.app, amina.cookie) };
    const late = await api.report(amina, cup.id, { session, points: 500 });
    expect(late.statusCode, late.body).toBe(200);
    expect(late.json().payload).toEqual({ points: 500, best: 500, rank: 1 });
    const resent = await api.report(amina, cup.id, { session, points: 500 });
    expect(resent.statusCode, resent.body).toBe(200);
    expect(resent.json().payload).toEqual({ points: 500, best: 500, rank: 1 });
    expect(
      (await api.leaderboard(amina, cup.id)).content.map((entry) => [entry.userId, entry.points]),
    ).toEqual([[amina.uid, 500]]);
    // Its sessions can no longer be asked for, and once ranked the tournament takes no more.
    expect((await keep(amina, gameId, { tournamentId: cup.id })).statusCode).toBe(409);
    await t.database.db.update(tournaments).set({ rankedAt: new Date() }).where(eq(tournaments.id, cup.id));
    const final = await api.report(amina, cup.id, { session: another, points: 600 });
    expect(final.statusCode).toBe(409);
    expect(final.json().statusMessage).toBe(gameMessages.tournamentFinal);
  });
});

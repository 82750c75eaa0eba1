import { randomUUID } from 'node:crypto';
import { gameMessages } from '@playon/shared/games';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notifications } from '../../src/modules/notifications/schema.ts';
import { userSubscriptions } from '../../src/modules/subscriptions/schema.ts';
import { LATE_REPORTS_MS } from '../../src/modules/tournaments/play-rule.ts';
import {
  hallOfFame,
  tournamentAwards,
  tournamentScores,
  tournaments,
} from '../../src/modules/tournaments/schema.ts';
import { createTestApp, type TestApp } from '../support/app.ts';
import { signUpOperator } from '../support/operators.ts';
import { bearer, signUpPlayer, type TestPlayer } from '../support/players.ts';
import { arrangeTournament, insertTestGame, tournamentApi, tournamentsOf } from '../support/tournaments.ts';

// Score reports written while a tournament was being ranked were answered with a rank, yet
// committed after the ranking had read its podium: the prizes and the hall of fame went to a board
// that was no longer the final one. A report's statement now holds the tournament's row against the
// ranking (ADR 0071): each report either is on the board the ranking reads or is refused as final.
let t: TestApp;
let api: ReturnType<typeof tournamentApi>;
let admin: TestPlayer;
let gameId: number;
let pool: TestPlayer[];

const ROUNDS = Number(process.env.ROUNDS ?? 5);
const PLAYERS = 6;
/** Play sessions each player holds in a round, one report each. */
const PLAYS = 9;
const MINUTE = 60_000;
/** Room for a machine that does other work too: the rounds wait for conditions, never for time. */
const RACE_TIMEOUT_MS = 90_000;
const where = process.env.TEST_DATABASE_URL ? 'PostgreSQL' : 'PGlite';

beforeAll(async () => {
  t = await createTestApp();
  api = tournamentApi(t);
  admin = await signUpOperator(t.app, t.database.db, 'admin');
  gameId = (await insertTestGame(t)).id;
  // A player may send 60 reports a minute: each round takes the next players of a pool large
  // enough that none sends more than 50 in the whole file.
  const size = PLAYERS * Math.max(2, Math.ceil((2 * ROUNDS * PLAYS) / 50));
  pool = await Promise.all(Array.from({ length: size }, () => signUpPlayer(t.app)));
});
afterAll(() => t.close());

interface Report {
  player: TestPlayer;
  points: number;
  status: number;
  message: string;
  rank?: number;
}

/**
 * A running tournament whose players each hold PLAYS sessions; `close` ends and ranks it while the
 * players report, each play's points above their last, until it is ranked and once more. Returns
 * the tournament and what each report was answered.
 */
async function round(number: number, close: (tournamentId: number) => Promise<unknown>) {
  const now = Date.now();
  const cup = await arrangeTournament(t, {
    gameId,
    starts: new Date(now - MINUTE),
    ends: new Date(now + 60 * MINUTE),
  });
  const players = Array.from(
    { length: PLAYERS },
    (_, i) => pool[(number * PLAYERS + i) % pool.length] as TestPlayer,
  );
  const sessions = await Promise.all(
    players.map(async (player) => {
      const own: string[] = [];
      for (let i = 0; i < PLAYS; i++) own.push(await api.session(player, gameId, cup.id));
      return own;
    }),
  );
  const reports: Report[] = [];
  const report = async (player: TestPlayer, i: number, play: number) => {
    // A different player leads after each play: a late write changes the podium.
    const points = 50 + play * 100 + ((i + play) % PLAYERS) * 7;
    const response = await api.report(player, cup.id, { session: sessions[i]?.[play], points });
    const body = response.json();
    reports.push({
      player,
      points,
      status: response.statusCode,
      message: body.statusMessage,
      rank: body.payload?.rank,
    });
  };

  // Each player reports their plays one after another, each above the last, on their own: the
  // batches of the players' reports overlap the ranking from its start to its commit.
  await Promise.all(players.map((player, i) => report(player, i, 0)));
  let closed = false;
  const closing = close(cup.id).finally(() => {
    closed = true;
  });
  await Promise.all(
    players.map(async (player, i) => {
      let play = 1;
      while (!closed && play < PLAYS - 1) await report(player, i, play++);
      await closing;
      // One more once it is ranked: refused as final.
      await report(player, i, play);
    }),
  );
  return { cup, players, reports };
}

/** What the ranking gave, against the final board: a list of what went wrong, empty when right. */
async function judge(tournamentId: number, reports: Report[], { told: withNotices } = { told: true }) {
  const db = t.database.db;
  const board = await db
    .select({ uid: tournamentScores.uid, points: tournamentScores.pointsHundredths })
    .from(tournamentScores)
    .where(eq(tournamentScores.tournamentId, tournamentId))
    .orderBy(
      sql`${tournamentScores.pointsHundredths} desc`,
      asc(tournamentScores.achievedAt),
      asc(tournamentScores.uid),
    );
  const podium = board.slice(0, 3).map((entry) => entry.uid);
  const awards = await db
    .select()
    .from(tournamentAwards)
    .where(eq(tournamentAwards.tournamentId, tournamentId))
    .orderBy(asc(tournamentAwards.position));
  const [fame] = await db.select().from(hallOfFame).where(eq(hallOfFame.tournamentId, tournamentId));
  const gold = awards[0];
  const prize = gold?.grantId
    ? await db.select().from(userSubscriptions).where(eq(userSubscriptions.intentId, gold.grantId))
    : [];
  const told = await db
    .select({ uid: notifications.uid, body: notifications.body })
    .from(notifications)
    .where(
      and(
        eq(notifications.kind, 'tournament-ended'),
        inArray(
          notifications.dedupeKey,
          board.map((entry) => `tournament:${tournamentId}:ended:${entry.uid}`),
        ),
      ),
    );
  const [row] = await db.select().from(tournaments).where(eq(tournaments.id, tournamentId));

  const wrong: string[] = [];
  if (!row?.rankedAt) wrong.push('not ranked');
  const leader = board[0];
  if (gold?.winnerUid !== leader?.uid) {
    const place = board.findIndex((entry) => entry.uid === gold?.winnerUid) + 1;
    wrong.push(
      `gold went to #${place} (${board[place - 1]?.points}), the board's leader has ${leader?.points}`,
    );
  }
  if (prize[0]?.uid !== leader?.uid) wrong.push("the prize subscription is not the leader's");
  if (JSON.stringify(fame?.members) !== JSON.stringify(podium))
    wrong.push('the hall of fame is not the podium');
  // Each player's notice says their place on the board the ranking read.
  const places = new Map(told.map((notice) => [notice.uid, notice.body]));
  const misplaced = board.filter(
    (entry, index) => places.get(entry.uid) !== `You finished #${index + 1} of ${board.length}.`,
  ).length;
  if (withNotices && misplaced > 0)
    wrong.push(`${misplaced} players were told another place than the board's`);
  for (const report of reports) {
    if (report.status === 200) {
      const entry = board.find((one) => one.uid === report.player.uid);
      if (!entry || entry.points < report.points * 100 || report.rank === undefined) {
        wrong.push(`a report answered 200 is not on the board (${report.points})`);
      }
    } else if (report.status !== 409 || report.message !== gameMessages.tournamentFinal) {
      wrong.push(`a report answered ${report.status}: ${report.message}`);
    }
  }
  return wrong;
}

describe(`reports while a tournament is ranked (${where})`, () => {
  it(
    'End now: every report answered with a rank is on the board the prizes were given from',
    async () => {
      const endNow = async (tournamentId: number) => {
        const response = await t.app.inject({
          method: 'POST',
          url: `/api/ops/content/tournaments/${tournamentId}/end-now`,
          headers: { ...bearer(admin.token), 'idempotency-key': randomUUID() },
          payload: { reason: 'Closed early while players reported' },
        });
        expect(response.statusCode, response.body).toBe(200);
      };
      const wrongRounds: string[][] = [];
      for (let number = 0; number < ROUNDS; number++) {
        const { cup, reports } = await round(number, endNow);
        const wrong = await judge(cup.id, reports);
        if (wrong.length > 0) wrongRounds.push(wrong);
        expect(reports.some((report) => report.status === 200)).toBe(true);
      }
      expect(wrongRounds, `${wrongRounds.length} of ${ROUNDS} rounds`).toEqual([]);
    },
    RACE_TIMEOUT_MS,
  );

  it(
    'the ranking job after the end: every report answered with a rank is on the board it ranked',
    async () => {
      // The job runs on a clock past the late reports' window; the reports, on the app's, within it.
      const job = tournamentsOf(t, () => new Date(Date.now() + LATE_REPORTS_MS + MINUTE));
      const endAndRank = async (tournamentId: number) => {
        await t.database.db
          .update(tournaments)
          .set({ ends: new Date() })
          .where(eq(tournaments.id, tournamentId));
        await job.rankEndedTournaments();
      };
      const wrongRounds: string[][] = [];
      for (let number = ROUNDS; number < 2 * ROUNDS; number++) {
        const { cup, reports } = await round(number, endAndRank);
        // This service tells no one: its players' notices are the app's (End now's) to check.
        const wrong = await judge(cup.id, reports, { told: false });
        if (wrong.length > 0) wrongRounds.push(wrong);
      }
      expect(wrongRounds, `${wrongRounds.length} of ${ROUNDS} rounds`).toEqual([]);
    },
    RACE_TIMEOUT_MS,
  );
});

import { type Game, gameMessages, type PlaySession } from '@playon/shared/games';
import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readGameManifests } from '../../src/modules/games/catalogue.ts';
import { createReplays } from '../../src/modules/games/replay.ts';
import { createGameService, games, playSessions } from '../../src/modules/games/service.ts';
import { createTestApp, type TestApp } from '../support/app.ts';
import { playedFor, recordMatatuRun, seedOf } from '../support/matatu-runs.ts';
import { bearer, signUpPlayer, type TestPlayer } from '../support/players.ts';
import { arrangeTournament, insertTestGame, tournamentApi } from '../support/tournaments.ts';

let t: TestApp;
let amina: TestPlayer;
let brian: TestPlayer;
let matatu: Game;

beforeAll(async () => {
  t = await createTestApp();
  [amina, brian] = await Promise.all([signUpPlayer(t.app), signUpPlayer(t.app)]);
  const list = await t.app.inject({ method: 'GET', url: '/api/games/list', headers: bearer(amina.token) });
  const found = (list.json().payload as Game[]).find((game) => game.gameUrl === '/play/matatu-rush/');
  if (!found) throw new Error('Matatu Rush is not in the catalogue');
  matatu = found;
});
afterAll(() => t.close());

/** A fresh address per report, so the score limit counted in a shared Redis never interferes. */
const someAddress = () => `10.${[1, 2, 3].map(() => Math.floor(Math.random() * 250) + 1).join('.')}`;

async function playNow(player: TestPlayer, gameId = matatu.id) {
  const response = await t.app.inject({
    method: 'POST',
    url: `/api/games/${gameId}/play`,
    headers: bearer(player.token),
    payload: {},
  });
  expect(response.statusCode, response.body).toBe(200);
  const session = response.json().payload as PlaySession;
  return { token: session.session, seed: seedOf(session.launchUrl) };
}

function report(player: TestPlayer, body: Record<string, unknown>) {
  return t.app.inject({
    method: 'POST',
    url: '/api/games/score',
    headers: bearer(player.token),
    remoteAddress: someAddress(),
    payload: body,
  });
}

describe('the demo games', () => {
  it('are scored by replay, each with the simulation its page runs', async () => {
    const manifests = readGameManifests(t.config.gamesDir);
    expect(manifests.map((game) => [game.slug, game.scoring])).toEqual([
      ['matatu-rush', 'replay'],
      ['savanna-snake', 'replay'],
      ['tile-merge', 'replay'],
    ]);
    const rows = await t.database.db.select({ slug: games.slug, scoring: games.scoring }).from(games);
    expect(rows.filter((row) => row.scoring === 'replay').map((row) => row.slug)).toEqual(
      expect.arrayContaining(['matatu-rush', 'savanna-snake', 'tile-merge']),
    );
    for (const slug of ['matatu-rush', 'savanna-snake', 'tile-merge']) {
      const served = await t.app.inject({ method: 'GET', url: `/play/${slug}/simulation.js` });
      expect(served.statusCode).toBe(200);
    }
    expect((await t.app.inject({ method: 'GET', url: '/play/sdk/replay.js' })).statusCode).toBe(200);
  });

  it('are launched with a seed; a game judged by its limits is not', async () => {
    const { seed } = await playNow(amina);
    expect(Number.isInteger(seed)).toBe(true);
    const limited = await insertTestGame(t);
    expect((await playNow(amina, limited.id)).seed).toBeNull();
  });
});

describe('a score of Matatu Rush', () => {
  it('is refused when it comes without its play: wait 26 seconds, report 1481', async () => {
    const session = await playNow(brian);
    await playedFor(t, session.token, 26);
    const waited = await report(brian, { session: session.token, points: 1481 });
    expect(waited.statusCode).toBe(422);
    expect(waited.json()).toMatchObject({
      statusMessage: gameMessages.replayRequired,
      payload: { code: 'REPLAY_MISMATCH' },
    });
    // The same 26 seconds claimed as a play without a single lane change: the traffic ends it first.
    const idle = await report(brian, {
      session: session.token,
      points: 1481,
      replay: { frames: 26 * 60, inputs: [] },
    });
    expect(idle.statusCode).toBe(422);
    expect(idle.json()).toMatchObject({
      statusMessage: gameMessages.replayMismatch,
      payload: { code: 'REPLAY_MISMATCH' },
    });
  });

  it('is saved when the recorded play reaches exactly that score', async () => {
    const session = await playNow(amina);
    await playedFor(t, session.token, 40);
    const run = recordMatatuRun(session.seed, 30);
    expect(run.points).toBeGreaterThan(200);
    const saved = await report(amina, { session: session.token, ...run });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().payload).toMatchObject({ points: run.points, rank: null });
    const [row] = await t.database.db
      .select()
      .from(playSessions)
      .where(eq(playSessions.id, session.token.split('.')[0] ?? ''));
    expect(row?.pointsHundredths).toBe(run.points * 100);
  });

  it('is refused when the score or the inputs were changed, and the session stays open for the true one', async () => {
    const session = await playNow(amina);
    await playedFor(t, session.token, 40);
    const run = recordMatatuRun(session.seed, 30);
    // A changed log is refused when its replay ends elsewhere: on some seeds one steer more or less
    // changes nothing (that play does reach the score), so the test drops a steer that matters.
    const replays = createReplays(t.config.gamesDir);
    const reaches = async (replay: typeof run.replay) => {
      const outcome = await replays.replay('matatu-rush', session.seed ?? 0, replay);
      return outcome.isValid && outcome.score === run.points;
    };
    let dropped: typeof run.replay | undefined;
    for (let at = 0; at < run.replay.inputs.length && !dropped; at++) {
      const inputs = run.replay.inputs.filter((_, index) => index !== at);
      if (!(await reaches({ ...run.replay, inputs }))) dropped = { ...run.replay, inputs };
    }
    if (!dropped) throw new Error('no steer of this run changes its score');
    const refusals = [
      { ...run, points: run.points + 1 },
      { ...run, points: run.points - 1 },
      { ...run, replay: dropped },
      { ...run, replay: { ...run.replay, inputs: [...run.replay.inputs, [run.replay.frames, 'up']] } },
      { ...run, replay: { ...run.replay, frames: run.replay.frames + 600 } },
    ];
    for (const tampered of refusals) {
      const refused = await report(amina, { session: session.token, ...tampered });
      expect(refused.statusCode, JSON.stringify(tampered.replay.inputs.slice(-1))).toBe(422);
      expect(refused.json().payload.code).toBe('REPLAY_MISMATCH');
    }
    // Another session's seed gives other traffic: the steering of this run does not fit it.
    const other = await playNow(amina);
    await playedFor(t, other.token, 40);
    expect((await report(amina, { session: other.token, ...run })).statusCode).toBe(422);
    expect((await report(amina, { session: session.token, ...run })).statusCode).toBe(200);
  });

  it('is refused when the play lasted longer than the time since Play now', async () => {
    const session = await playNow(amina);
    await playedFor(t, session.token, 3);
    const run = recordMatatuRun(session.seed, 30);
    expect(run.replay.frames).toBeGreaterThan(6 * 60);
    const early = await report(amina, { session: session.token, ...run });
    expect(early.statusCode).toBe(422);
    expect(early.json().statusMessage).toBe(gameMessages.replayTooLong);
  });

  it('is refused before any replay when its log is past the limits', async () => {
    const session = await playNow(amina);
    const flood = Array.from({ length: 30_001 }, (_, frame) => [frame, 'left']);
    const tooMany = await report(amina, {
      session: session.token,
      points: 0,
      replay: { frames: 40_000, inputs: flood },
    });
    expect(tooMany.statusCode).toBe(400);
    const tooLong = await report(amina, {
      session: session.token,
      points: 0,
      replay: { frames: 432_001, inputs: [] },
    });
    expect(tooLong.statusCode).toBe(400);
  });

  it('logs a refused score at warn with the player', async () => {
    const warnings: Array<{ facts: Record<string, unknown>; message: string }> = [];
    const service = createGameService({
      db: t.database.db,
      secret: t.config.authSecret,
      gamesDir: t.config.gamesDir,
      log: {
        warn: ((facts: Record<string, unknown>, message: string) => {
          warnings.push({ facts, message });
        }) as FastifyBaseLogger['warn'],
      },
      hasActiveSubscription: async () => true,
      assertTournamentPlayable: async () => {},
    });
    const session = await playNow(brian);
    await playedFor(t, session.token, 26);
    await expect(
      service.reportFreePlay(brian.uid, { session: session.token, points: 1481 }),
    ).rejects.toMatchObject({
      code: 'REPLAY_MISMATCH',
    });
    const replay = { frames: 26 * 60, inputs: [] as Array<[number, string]> };
    await expect(
      service.reportFreePlay(brian.uid, { session: session.token, points: 1481, replay }),
    ).rejects.toMatchObject({ code: 'REPLAY_MISMATCH' });
    expect(warnings).toEqual([
      expect.objectContaining({ facts: expect.objectContaining({ uid: brian.uid, points: 1481 }) }),
      expect.objectContaining({
        facts: expect.objectContaining({
          uid: brian.uid,
          points: 1481,
          reason: 'ended before the last frame',
        }),
      }),
    ]);
  });
});

describe('a tournament score of Matatu Rush', () => {
  it('takes first place only with a play that reaches it', async () => {
    const now = Date.now();
    const cup = await arrangeTournament(t, {
      gameId: matatu.id,
      starts: new Date(now - 3_600_000),
      ends: new Date(now + 3_600_000),
    });
    const api = tournamentApi(t);
    const cheatSession = await api.session(brian, matatu.id, cup.id);
    await playedFor(t, cheatSession, 26);
    const waited = await api.report(brian, cup.id, { session: cheatSession, points: 1481 });
    expect(waited.statusCode).toBe(422);
    expect(waited.json().payload.code).toBe('REPLAY_MISMATCH');

    const launch = await api.play(amina, matatu.id, cup.id);
    const { session, launchUrl } = launch.json().payload as PlaySession;
    await playedFor(t, session, 40);
    const run = recordMatatuRun(seedOf(launchUrl), 30);
    const saved = await api.report(amina, cup.id, { session, ...run });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().payload).toEqual({ points: run.points, best: run.points, rank: 1 });
    expect((await api.leaderboard(amina, cup.id)).content.map((entry) => entry.userId)).toEqual([amina.uid]);
  });
});

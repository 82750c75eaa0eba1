import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tournamentScores } from '../../src/modules/tournaments/schema.ts';
import { createTestApp, type TestApp } from '../support/app.ts';
import { signUpPlayer, type TestPlayer } from '../support/players.ts';
import { arrangeTournament, insertTestGame, tournamentApi } from '../support/tournaments.ts';

const MINUTE = 60_000;

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

describe('score reports at the same moment', () => {
  it(`keeps exactly the best of 50 plays one player reports at once (${process.env.TEST_DATABASE_URL ? 'PostgreSQL' : 'PGlite'})`, async () => {
    const now = Date.now();
    const cup = await arrangeTournament(t, {
      gameId,
      starts: new Date(now - MINUTE),
      ends: new Date(now + 60 * MINUTE),
    });
    const plays: { session: string; points: number }[] = [];
    for (let i = 0; i < 50; i++) {
      plays.push({ session: await api.session(amina, gameId, cup.id), points: ((i * 37) % 50) * 19.25 + 1 });
    }
    const best = plays.reduce((top, play) => (play.points > top.points ? play : top));
    const brians = await api.session(brian, gameId, cup.id);
    const responses = await Promise.all([
      ...plays.map((play) => api.report(amina, cup.id, play)),
      api.report(brian, cup.id, { session: brians, points: 500 }),
    ]);
    for (const response of responses) expect(response.statusCode, response.body).toBe(200);
    for (const [index, response] of responses.slice(0, 50).entries()) {
      const result = response.json().payload;
      expect(result.points).toBe(plays[index]?.points);
      expect(result.best).toBeGreaterThanOrEqual(result.points);
    }

    const rows = await t.database.db
      .select()
      .from(tournamentScores)
      .where(eq(tournamentScores.tournamentId, cup.id));
    const aminas = rows.filter((row) => row.uid === amina.uid);
    expect(aminas).toHaveLength(1);
    expect(aminas[0]?.pointsHundredths).toBe(Math.round(best.points * 100));
    expect(aminas[0]?.sessionId).toBe(best.session.split('.')[0]);
    expect(await api.me(amina, cup.id)).toEqual({ rank: 1, points: best.points, totalElements: 2 });
    expect(await api.me(brian, cup.id)).toEqual({ rank: 2, points: 500, totalElements: 2 });
  });
});

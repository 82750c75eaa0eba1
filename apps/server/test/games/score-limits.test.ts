import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/app.ts';
import { bearer, signUpPlayer, type TestPlayer } from '../support/players.ts';

// Every player here reaches the server from one carrier NAT address (inject's default).
let t: TestApp;
let amina: TestPlayer;
let brian: TestPlayer;
beforeAll(async () => {
  t = await createTestApp();
  amina = await signUpPlayer(t.app);
  brian = await signUpPlayer(t.app);
});
afterAll(() => t.close());

// The limit is checked before the session is: a report of no real play counts just the same.
const reportScore = (player: TestPlayer) =>
  t.app.inject({
    method: 'POST',
    url: '/api/games/score',
    headers: bearer(player.token),
    payload: { session: 'a-play-that-never-was', points: 10 },
  });

const feedback = (player: TestPlayer) =>
  t.app.inject({
    method: 'POST',
    url: '/api/contact-us/feedback',
    headers: bearer(player.token),
    payload: { email: player.email, subject: 'Launch night', message: 'The games load well.' },
  });

describe('players sharing one address', () => {
  it('report more than sixty scores a minute between them; each player keeps a limit of their own', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 35; i++) {
      statuses.push((await reportScore(amina)).statusCode, (await reportScore(brian)).statusCode);
    }
    expect(statuses).not.toContain(429);
    for (let i = 35; i < 60; i++) expect((await reportScore(amina)).statusCode).not.toBe(429);
    expect((await reportScore(amina)).statusCode).toBe(429);
    expect((await reportScore(brian)).statusCode).not.toBe(429);
  });

  it('send more feedback a minute between them than one player may', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++)
      statuses.push((await feedback(amina)).statusCode, (await feedback(brian)).statusCode);
    expect(statuses.filter((status) => status === 200)).toHaveLength(22);
  });
});

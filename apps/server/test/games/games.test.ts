import { randomUUID } from 'node:crypto';
import { type Game, gameMessages, type PlaySession, type RecentGame } from '@playon/shared/games';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readGameManifests } from '../../src/modules/games/catalogue.ts';
import { playSessions } from '../../src/modules/games/service.ts';
import { subscriptionPackages, userSubscriptions } from '../../src/modules/subscriptions/service.ts';
import { createTestApp, type TestApp } from '../support/app.ts';
import { bearer, signUpPlayer, type TestPlayer } from '../support/players.ts';
import { insertTestGame } from '../support/tournaments.ts';

let t: TestApp;
let amina: TestPlayer;
let brian: TestPlayer;
let catalogue: Game[];
const bySlug = (slug: string) => {
  const game = catalogue.find((item) => item.gameUrl === `/play/${slug}/`);
  if (!game) throw new Error(`no game ${slug} in the catalogue`);
  return game;
};
beforeAll(async () => {
  t = await createTestApp();
  amina = await signUpPlayer(t.app);
  brian = await signUpPlayer(t.app);
  catalogue = (await get<Game[]>('/api/games/list')).payload;
});
afterAll(() => t.close());

async function get<T>(url: string, player: TestPlayer = amina) {
  const response = await t.app.inject({ method: 'GET', url, headers: bearer(player.token) });
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as { statusMessage: string; payload: T };
}
const play = (gameId: number, player: TestPlayer = amina, body: object = {}) =>
  t.app.inject({
    method: 'POST',
    url: `/api/games/${gameId}/play`,
    headers: bearer(player.token),
    payload: body,
  });
const report = (session: string, points: number, player: TestPlayer = amina) =>
  t.app.inject({
    method: 'POST',
    url: '/api/games/score',
    headers: bearer(player.token),
    payload: { session, points },
  });
async function startSession(slug: string | number, player: TestPlayer = amina): Promise<PlaySession> {
  const response = await play(typeof slug === 'number' ? slug : bySlug(slug).id, player);
  expect(response.statusCode, response.body).toBe(200);
  return response.json().payload;
}

describe('the catalogue', () => {
  it('lists every game of games/ by name, with its icon and address on this server', async () => {
    const manifests = readGameManifests(t.config.gamesDir);
    expect(manifests.length).toBeGreaterThanOrEqual(3);
    expect(catalogue.map((game) => game.name)).toEqual(
      manifests.map((m) => m.name).sort((a, b) => a.localeCompare(b)),
    );
    for (const game of catalogue) {
      expect(game.gameUrl).toMatch(/^\/play\/[a-z0-9-]+\/$/);
      const icon = await t.app.inject({ method: 'GET', url: game.gameIcon });
      expect(icon.statusCode).toBe(200);
      expect(icon.headers['content-type']).toContain('image/svg+xml');
    }
  });

  it('filters featured games and games for subscribers', async () => {
    const featured = (await get<Game[]>('/api/games/list?featured=true')).payload;
    expect(featured.length).toBeGreaterThan(0);
    expect(featured.every((game) => game.featured)).toBe(true);
    const forSubscribers = (await get<Game[]>('/api/games/list?access=SUBSCRIPTION')).payload;
    expect(forSubscribers.map((game) => game.gameUrl)).toContain('/play/tile-merge/');
    expect(forSubscribers.every((game) => game.access === 'SUBSCRIPTION')).toBe(true);
    const bad = await t.app.inject({
      method: 'GET',
      url: '/api/games/list?access=PAID',
      headers: bearer(amina.token),
    });
    expect(bad.statusCode).toBe(400);
  });

  it('gives one game, and a readable 404 for a game that does not exist', async () => {
    const snake = bySlug('savanna-snake');
    expect((await get<Game>(`/api/games/get/${snake.id}`)).payload).toEqual(snake);
    const missing = await t.app.inject({
      method: 'GET',
      url: '/api/games/get/99999',
      headers: bearer(amina.token),
    });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().statusMessage).toBe(gameMessages.notFound);
  });

  it('needs an access token', async () => {
    for (const url of [
      '/api/games/list',
      `/api/games/get/${catalogue[0]?.id}`,
      '/api/profile/recent-games',
      '/api/events',
    ]) {
      expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(401);
    }
  });

  it('serves the games and their SDK, but not their package files', async () => {
    const page = await t.app.inject({ method: 'GET', url: '/play/matatu-rush/' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.headers['content-security-policy']).toContain("script-src 'self'");
    const sdk = await t.app.inject({ method: 'GET', url: '/play/sdk/playon-sdk.js' });
    expect(sdk.statusCode).toBe(200);
    expect(sdk.headers['content-type']).toContain('javascript');
    expect((await t.app.inject({ method: 'GET', url: '/play/matatu-rush/package.json' })).statusCode).toBe(
      404,
    );
    expect((await t.app.inject({ method: 'GET', url: '/play/no-such-game/' })).statusCode).toBe(404);
  });
});

describe('Play now', () => {
  it('starts a play session and answers the launch address with the player id and the signed session', async () => {
    const rush = bySlug('matatu-rush');
    const session = await startSession('matatu-rush');
    const url = new URL(session.launchUrl, 'http://localhost');
    expect(url.pathname).toBe(rush.gameUrl);
    expect(url.searchParams.get('username')).toBe(amina.uid);
    expect(url.searchParams.get('session')).toBe(session.session);
    expect(url.searchParams.has('tournamentId')).toBe(false);
    expect(Date.parse(session.expiresAt) - Date.now()).toBeGreaterThan(60 * 60_000);
  });

  it('sends a player without a subscription to the plans for a subscribers-only game', async () => {
    const response = await play(bySlug('tile-merge').id, brian);
    expect(response.statusCode).toBe(403);
    expect(response.json()).toMatchObject({
      statusMessage: gameMessages.subscriptionRequired,
      payload: { code: 'SUBSCRIPTION_REQUIRED' },
    });
  });

  it('lets a subscriber play it', async () => {
    const [bronze] = await t.database.db
      .select({ id: subscriptionPackages.id })
      .from(subscriptionPackages)
      .where(eq(subscriptionPackages.name, 'Bronze'));
    if (!bronze) throw new Error('Bronze is not seeded');
    const now = Date.now();
    await t.database.db.insert(userSubscriptions).values({
      uid: amina.uid,
      packageId: bronze.id,
      startsAt: new Date(now - 3_600_000),
      expiresAt: new Date(now + 23 * 3_600_000),
      intentId: randomUUID(),
    });
    expect((await play(bySlug('tile-merge').id)).statusCode).toBe(200);
  });

  it('refuses a tournament that is not running', async () => {
    const response = await play(bySlug('matatu-rush').id, amina, { tournamentId: 987654 });
    expect(response.statusCode).toBeGreaterThanOrEqual(404);
    expect(response.statusCode).toBeLessThan(500);
  });
});

// The demo games are scored by replay (games-replay.test.ts); these rules hold for every game, shown
// on one judged by its limits alone.
describe('a score from a play outside tournaments', () => {
  let limited: { id: number; maxPoints: number; maxPointsPerSecond: number };
  beforeAll(async () => {
    limited = await insertTestGame(t, { maxPoints: 4470, maxPointsPerSecond: 150 });
  });

  it('is kept once per session, and `best` is the best of the player in that game', async () => {
    const first = await startSession(limited.id, brian);
    const saved = await report(first.session, 7, brian);
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().payload).toEqual({ points: 7, best: 7, rank: null });
    const again = await report(first.session, 8, brian);
    expect(again.statusCode).toBe(409);
    expect(again.json().statusMessage).toBe(gameMessages.sessionUsed);
    const second = await startSession(limited.id, brian);
    expect((await report(second.session, 3.5, brian)).json().payload).toEqual({
      points: 3.5,
      best: 7,
      rank: null,
    });
  });

  it("refuses a forged token, another player's session and an expired one", async () => {
    const session = await startSession('savanna-snake');
    const forged = `${session.session.slice(0, -2)}${session.session.endsWith('AA') ? 'BB' : 'AA'}`;
    const forgedAnswer = await report(forged, 1);
    expect(forgedAnswer.statusCode).toBe(400);
    expect(forgedAnswer.json().statusMessage).toBe(gameMessages.sessionInvalid);
    expect((await report('not-a-session', 1)).statusCode).toBe(400);
    const stolen = await report(session.session, 1, brian);
    expect(stolen.statusCode).toBe(403);
    expect(stolen.json().statusMessage).toBe(gameMessages.sessionNotYours);
    const id = session.session.split('.')[0] as string;
    await t.database.db
      .update(playSessions)
      .set({ startedAt: new Date(Date.now() - 3 * 3_600_000), expiresAt: new Date(Date.now() - 3_600_000) })
      .where(eq(playSessions.id, id));
    const late = await report(session.session, 1);
    expect(late.statusCode).toBe(409);
    expect(late.json().statusMessage).toBe(gameMessages.sessionExpired);
  });

  it('refuses a score the game cannot produce, and the session stays unused', async () => {
    const manifest = limited;
    const session = await startSession(limited.id);
    const overMax = await report(session.session, manifest.maxPoints + 1);
    expect(overMax.statusCode).toBe(422);
    expect(overMax.json()).toMatchObject({
      statusMessage: gameMessages.implausibleScore,
      payload: { code: 'IMPLAUSIBLE_SCORE' },
    });
    // Within the game's maximum but faster than anyone can score in the second since 'Play now'.
    const tooFast = await report(
      session.session,
      Math.min(manifest.maxPoints, manifest.maxPointsPerSecond * 5),
    );
    expect(tooFast.statusCode).toBe(422);
    expect((await report(session.session, 1)).statusCode).toBe(200);
  });

  it('refuses bad points with the schema messages', async () => {
    const session = await startSession('savanna-snake');
    for (const [points, message] of [
      [-1, 'A score cannot be negative.'],
      [1.234, 'A score has at most two decimals.'],
    ] as const) {
      const response = await report(session.session, points);
      expect(response.statusCode).toBe(400);
      expect(response.json().statusMessage).toBe(message);
    }
  });
});

describe('recently played', () => {
  it('lists the games the player started, newest first, and nothing for a new player', async () => {
    const carol = await signUpPlayer(t.app);
    expect((await get<RecentGame[]>('/api/profile/recent-games', carol)).payload).toEqual([]);
    await startSession('matatu-rush', carol);
    await startSession('savanna-snake', carol);
    await startSession('matatu-rush', carol);
    const recent = (await get<RecentGame[]>('/api/profile/recent-games', carol)).payload;
    expect(recent.map((game) => game.gameUrl)).toEqual(['/play/matatu-rush/', '/play/savanna-snake/']);
    expect(Date.parse(recent[0]?.lastPlayedAt ?? '')).toBeGreaterThanOrEqual(
      Date.parse(recent[1]?.lastPlayedAt ?? ''),
    );
  });
});

describe('events and public players', () => {
  it('lists the event banners with images served here', async () => {
    const events = (await get<Array<{ title: string; eventBannerUrl: string }>>('/api/events')).payload;
    expect(events.length).toBeGreaterThanOrEqual(3);
    for (const event of events) {
      const image = await t.app.inject({ method: 'GET', url: event.eventBannerUrl });
      expect(image.statusCode).toBe(200);
    }
  });

  it("shows only another player's name, username and picture", async () => {
    await t.app.inject({
      method: 'PUT',
      url: `/api/profile/${brian.uid}`,
      headers: bearer(brian.token),
      payload: { username: 'brian_k' },
    });
    for (const path of ['public', 'get']) {
      const user = (await get<Record<string, unknown>>(`/api/users/${path}/${brian.uid}`)).payload;
      expect(user).toEqual({ name: null, username: 'brian_k', profilePic: null });
    }
    const missing = await t.app.inject({
      method: 'GET',
      url: '/api/users/public/nobody',
      headers: bearer(amina.token),
    });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().statusMessage).toBe('User not found');
  });
});

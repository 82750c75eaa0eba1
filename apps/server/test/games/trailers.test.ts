import { statSync } from 'node:fs';
import { join } from 'node:path';
import { type Game, isOwnTrailerVideo } from '@playon/shared/games';
import { isNotNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readGameManifests } from '../../src/modules/games/catalogue.ts';
import { createGameRepo } from '../../src/modules/games/repo.ts';
import { games } from '../../src/modules/games/service.ts';
import { createTestApp, type TestApp } from '../support/app.ts';
import { bearer, signUpPlayer, type TestPlayer } from '../support/players.ts';

const demoGames = ['matatu-rush', 'savanna-snake', 'tile-merge'];
let t: TestApp;
let amina: TestPlayer;

beforeAll(async () => {
  t = await createTestApp();
  amina = await signUpPlayer(t.app);
});
afterAll(() => t.close());

async function catalogue() {
  const response = await t.app.inject({
    method: 'GET',
    url: '/api/games/list',
    headers: bearer(amina.token),
  });
  expect(response.statusCode, response.body).toBe(200);
  return (response.json() as { payload: Game[] }).payload;
}
const fetchFile = (url: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url, headers });

describe("the demo games' trailers", () => {
  it('are the recorded clip and its poster, served by PlayOn at addresses naming their version', async () => {
    const listed = await catalogue();
    for (const slug of demoGames) {
      const game = listed.find((each) => each.gameUrl === `/play/${slug}/`);
      expect(game?.trailerLink).toMatch(new RegExp(`^/play/${slug}/trailer\\.mp4\\?v=[\\w-]{10}$`));
      expect(game?.trailerPoster).toMatch(new RegExp(`^/play/${slug}/trailer\\.webp\\?v=[\\w-]{10}$`));
      expect(isOwnTrailerVideo(game?.trailerLink)).toBe(true);
    }
    const versions = listed.map((game) => game.trailerLink?.split('?v=')[1]);
    expect(new Set(versions).size).toBe(listed.length);
  });

  it('lets browsers keep a versioned trailer for a year, and revalidate an unversioned address', async () => {
    const snake = (await catalogue()).find((game) => game.gameUrl === '/play/savanna-snake/');
    for (const link of [snake?.trailerLink, snake?.trailerPoster]) {
      const response = await fetchFile(String(link));
      expect(response.statusCode).toBe(200);
      expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    }
    const ranged = await fetchFile(String(snake?.trailerLink), { range: 'bytes=0-99' });
    expect(ranged.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect((await fetchFile('/play/savanna-snake/trailer.mp4')).headers['cache-control']).toBe('no-cache');
    expect((await fetchFile('/play/savanna-snake/main.js')).headers['cache-control']).toBe('no-cache');
  });

  it('are small enough for a slow network: 400 KB at most, the poster 30 KB', () => {
    for (const slug of demoGames) {
      expect(statSync(join(t.config.gamesDir, slug, 'trailer.mp4')).size).toBeLessThanOrEqual(400_000);
      expect(statSync(join(t.config.gamesDir, slug, 'trailer.webp')).size).toBeLessThanOrEqual(30_000);
    }
  });

  it('serves a trailer as video/mp4 and answers a range request with 206, as a video element asks', async () => {
    const whole = await fetchFile('/play/savanna-snake/trailer.mp4');
    expect(whole.statusCode).toBe(200);
    expect(whole.headers['content-type']).toBe('video/mp4');
    expect(whole.headers['accept-ranges']).toBe('bytes');
    const size = Number(whole.headers['content-length']);
    expect(size).toBe(statSync(join(t.config.gamesDir, 'savanna-snake', 'trailer.mp4')).size);

    const part = await fetchFile('/play/savanna-snake/trailer.mp4', { range: 'bytes=0-1023' });
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-range']).toBe(`bytes 0-1023/${size}`);
    expect(part.rawPayload.length).toBe(1024);
    expect(part.rawPayload.subarray(4, 8).toString('latin1')).toBe('ftyp');

    const tail = await fetchFile('/play/savanna-snake/trailer.mp4', { range: `bytes=${size - 100}-` });
    expect(tail.statusCode).toBe(206);
    expect(tail.headers['content-range']).toBe(`bytes ${size - 100}-${size - 1}/${size}`);
    expect((await fetchFile('/play/savanna-snake/trailer.mp4', { range: `bytes=${size}-` })).statusCode).toBe(
      416,
    );
  });

  it('serves the poster as a WebP picture', async () => {
    const poster = await fetchFile('/play/matatu-rush/trailer.webp');
    expect(poster.statusCode).toBe(200);
    expect(poster.headers['content-type']).toBe('image/webp');
  });

  it('reach a data directory seeded before there were trailers, once, with ids kept', async () => {
    const before = await t.database.db.select({ id: games.id, slug: games.slug }).from(games);
    await t.database.db
      .update(games)
      .set({ trailerLink: null, trailerPoster: null })
      .where(isNotNull(games.slug));
    const repo = createGameRepo(t.database.db);
    const manifests = readGameManifests(t.config.gamesDir);
    await repo.upsertGames(manifests);
    await repo.upsertGames(manifests);
    const after = await t.database.db
      .select({ id: games.id, slug: games.slug, trailerLink: games.trailerLink, poster: games.trailerPoster })
      .from(games)
      .where(isNotNull(games.slug));
    expect(after.map(({ id, slug }) => ({ id, slug })).sort((a, b) => a.id - b.id)).toEqual(
      before.filter((row) => row.slug !== null).sort((a, b) => a.id - b.id),
    );
    for (const row of after) {
      expect(row.trailerLink).toMatch(new RegExp(`^/play/${row.slug}/trailer\\.mp4\\?v=`));
      expect(row.poster).toMatch(new RegExp(`^/play/${row.slug}/trailer\\.webp\\?v=`));
    }
  });
});

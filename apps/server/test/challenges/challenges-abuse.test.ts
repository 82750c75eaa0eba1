import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type ChallengeView, challengeMessages } from '@playon/shared/challenges';
import { type Game, gameMessages, type PlaySession } from '@playon/shared/games';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withPreview } from '../../src/platform/web-app.ts';
import { createTestApp, type TestApp } from '../support/app.ts';
import {
  accept,
  answer,
  finishedRun,
  matatuOf,
  playerNamed,
  sendChallenge,
  someAddress,
  viewOf,
} from '../support/challenges.ts';
import { playedFor, recordMatatuRun, seedOf } from '../support/matatu-runs.ts';
import { bearer, type TestPlayer } from '../support/players.ts';

let t: TestApp;
let webDir: string;
let amina: TestPlayer;
let brian: TestPlayer;
let stranger: TestPlayer;
let matatu: Game;

beforeAll(async () => {
  // A web build of one page, so the server sends index.html for a challenge link as it does in production.
  webDir = mkdtempSync(join(tmpdir(), 'playon-web-'));
  writeFileSync(
    join(webDir, 'index.html'),
    '<!doctype html><html><head><meta name="description" content="PlayOn" /><title>PlayOn</title></head><body></body></html>',
  );
  t = await createTestApp({ WEB_DIST_DIR: webDir, PUBLIC_URL: 'https://playon.example' });
  [amina, brian, stranger] = await Promise.all([
    playerNamed(t, 'amina_b'),
    playerNamed(t, 'brian_x'),
    playerNamed(t, 'stranger_x'),
  ]);
  matatu = await matatuOf(t, amina);
});
afterAll(async () => {
  await t.close();
  rmSync(webDir, { recursive: true, force: true });
});

describe("a challenge's link", () => {
  it("tells a stranger the challenger's username and score only", async () => {
    const run = await finishedRun(t, amina, matatu.id, 10);
    const sent = await sendChallenge(t, amina, { session: run.token, username: 'brian_x' });
    const seen = (await viewOf(t, stranger, sent.code)).json().payload as ChallengeView;
    expect(seen).toEqual({
      code: sent.code,
      game: { id: matatu.id, name: matatu.name, gameIcon: matatu.gameIcon },
      challenger: { username: 'amina_b', points: run.points },
      to: null,
      expiresAt: sent.expiresAt,
      state: 'notForYou',
      results: [],
    });
    const accepted = await accept(t, stranger, sent.code);
    expect(accepted.response.statusCode).toBe(403);
    expect(accepted.response.json().statusMessage).toBe(challengeMessages.notForYou);
    // Brian answers; the stranger still reads no result, nor who it was sent to.
    const session = (await accept(t, brian, sent.code)).session;
    if (!session) throw new Error('Brian could not accept');
    await playedFor(t, session.session, 20);
    const run2 = recordMatatuRun(run.seed, 8);
    expect((await answer(t, brian, sent.code, { session: session.session, ...run2 })).statusCode).toBe(200);
    const after = (await viewOf(t, stranger, sent.code)).json().payload as ChallengeView;
    expect(after.results).toEqual([]);
    expect(JSON.stringify(after)).not.toContain('brian_x');
    // Signed out, nothing at all.
    expect((await t.app.inject({ method: 'GET', url: `/api/challenges/${sent.code}` })).statusCode).toBe(401);
    expect(
      (
        await t.app.inject({
          method: 'GET',
          url: '/api/challenges/not-a-code',
          headers: bearer(stranger.token),
        })
      ).statusCode,
    ).toBe(400);
  });

  it('opens in a chat app with a preview: title, username and score, a game picture, escaped', async () => {
    const run = await finishedRun(t, amina, matatu.id, 10);
    const link = await sendChallenge(t, amina, { session: run.token });
    const page = await t.app.inject({ method: 'GET', url: `/challenges/${link.code}` });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<title>amina_b challenges you on PlayOn</title>');
    expect(page.body).toContain(
      `<meta property="og:description" content="amina_b scored ${run.points} points in Matatu Rush. Can you beat it?">`,
    );
    expect(page.body).toMatch(
      /<meta property="og:image" content="https:\/\/playon\.example\/play\/matatu-rush\/trailer\.webp(\?v=[\w-]+)?">/,
    );
    expect(page.body).toContain(
      `<meta property="og:url" content="https://playon.example/challenges/${link.code}">`,
    );
    expect(page.body).not.toContain(run.token.split('.')[0]);
    const sw = await t.app.inject({
      method: 'GET',
      url: `/challenges/${link.code}`,
      headers: { 'accept-language': 'sw-KE,sw' },
    });
    expect(sw.body).toContain('amina_b anakupa changamoto kwenye PlayOn');
    // An unknown code is the plain page.
    const unknown = await t.app.inject({ method: 'GET', url: '/challenges/AAAAAAAAAAAAAAAAAAAAAA' });
    expect(unknown.body).not.toContain('og:title');
    // Whatever a name holds, it goes into the page as text.
    expect(
      withPreview('<head><title>PlayOn</title></head>', {
        title: '"><script>alert(1)</script>',
        description: "it's <b>",
        image: 'https://playon.example/a.webp',
        url: 'https://playon.example/challenges/x',
      }),
    ).not.toMatch(/<script>|<b>|content="[^"]*'/);
  });

  it('cannot be used as a play session, nor can a session be spent on another play', async () => {
    const run = await finishedRun(t, amina, matatu.id, 10);
    const link = await sendChallenge(t, amina, { session: run.token });
    // The code is no token: a report with it is refused as forged.
    const asToken = await t.app.inject({
      method: 'POST',
      url: '/api/games/score',
      headers: bearer(brian.token),
      remoteAddress: someAddress(),
      payload: { session: link.code, points: 1 },
    });
    expect(asToken.statusCode).toBe(400);
    // Amina's own run, handed over, answers nothing: it is spent, hers, and not this challenge's play.
    const session = (await accept(t, brian, link.code)).session;
    if (!session) throw new Error('Brian could not accept');
    const replayed = await answer(t, brian, link.code, {
      session: run.token,
      ...recordMatatuRun(run.seed, 10),
    });
    expect(replayed.statusCode).toBe(400);
    expect(replayed.json().statusMessage).toBe(challengeMessages.otherPlay);
    // The challenge's play cannot be reported as a free play either: its score is the challenge's.
    await playedFor(t, session.session, 20);
    const myRun = recordMatatuRun(run.seed, 10);
    const asFreePlay = await t.app.inject({
      method: 'POST',
      url: '/api/games/score',
      headers: bearer(brian.token),
      remoteAddress: someAddress(),
      payload: { session: session.session, ...myRun },
    });
    expect(asFreePlay.statusCode).toBe(409);
    expect(asFreePlay.json().statusMessage).toBe(gameMessages.sessionForChallenge);
    // Someone who never accepted cannot answer with Brian's play.
    const notStarted = await answer(t, stranger, link.code, { session: session.session, ...myRun });
    expect(notStarted.statusCode).toBe(409);
    expect(notStarted.json().statusMessage).toBe(challengeMessages.notStarted);
  });

  it("refuses an answered challenge's run sent again as a free play, and never counts it as the player's best", async () => {
    const [dora, eli] = await Promise.all([playerNamed(t, 'dora_d'), playerNamed(t, 'eli_e')]);
    const run = await finishedRun(t, dora, matatu.id, 10);
    const link = await sendChallenge(t, dora, { session: run.token });
    // Eli's own best in the game: a short free run.
    const short = await finishedRun(t, eli, matatu.id, 3);
    const session = (await accept(t, eli, link.code)).session;
    if (!session) throw new Error('Eli could not accept');
    await playedFor(t, session.session, 30);
    const longer = recordMatatuRun(run.seed, 15);
    expect(longer.points).toBeGreaterThan(short.points);
    const answered = await answer(t, eli, link.code, { session: session.session, ...longer });
    expect(answered.statusCode, answered.body).toBe(200);
    expect(answered.json().payload).toEqual({ points: longer.points, best: short.points, rank: null });
    // The same answer sent again to the free plays' address: the challenge's, refused, not "saved".
    const asFreePlay = await t.app.inject({
      method: 'POST',
      url: '/api/games/score',
      headers: bearer(eli.token),
      remoteAddress: someAddress(),
      payload: { session: session.session, ...longer },
    });
    expect(asFreePlay.statusCode, asFreePlay.body).toBe(409);
    expect(asFreePlay.json().statusMessage).toBe(gameMessages.sessionForChallenge);
    // A later free play's best is still Eli's own.
    const started = await t.app.inject({
      method: 'POST',
      url: `/api/games/${matatu.id}/play`,
      headers: bearer(eli.token),
      payload: {},
    });
    const free = started.json().payload as PlaySession;
    await playedFor(t, free.session, 10);
    const brief = recordMatatuRun(seedOf(free.launchUrl), 2);
    expect(brief.points).toBeLessThan(longer.points);
    const next = await t.app.inject({
      method: 'POST',
      url: '/api/games/score',
      headers: bearer(eli.token),
      remoteAddress: someAddress(),
      payload: { session: free.session, ...brief },
    });
    expect(next.statusCode, next.body).toBe(200);
    expect(next.json().payload.best).toBe(Math.max(short.points, brief.points));
  });

  it('refuses a forged answer by replaying its moves, then takes the true one once', async () => {
    const run = await finishedRun(t, amina, matatu.id, 15);
    const link = await sendChallenge(t, amina, { session: run.token });
    const session = (await accept(t, brian, link.code)).session;
    if (!session) throw new Error('Brian could not accept');
    await playedFor(t, session.session, 30);
    const myRun = recordMatatuRun(run.seed, 15);
    const inflated = await answer(t, brian, link.code, {
      session: session.session,
      ...myRun,
      points: myRun.points + 50,
    });
    expect(inflated.statusCode).toBe(422);
    expect(inflated.json()).toMatchObject({ payload: { code: 'REPLAY_MISMATCH' } });
    const without = await answer(t, brian, link.code, { session: session.session, points: myRun.points });
    expect(without.statusCode).toBe(422);
    const honest = await answer(t, brian, link.code, { session: session.session, ...myRun });
    expect(honest.statusCode, honest.body).toBe(200);
    const again = await answer(t, brian, link.code, { session: session.session, ...myRun });
    expect(again.statusCode).toBe(409);
    expect(again.json().statusMessage).toBe(challengeMessages.alreadyAnswered);
  });
});

import type { ChallengeView } from '@playon/shared/challenges';
import type { Game, PlaySession } from '@playon/shared/games';
import { expect } from 'vitest';
import type { TestApp } from './app.ts';
import { playedFor, recordMatatuRun, seedOf } from './matatu-runs.ts';
import { bearer, signUpPlayer, type TestPlayer } from './players.ts';

/** A fresh address per report, so the score limit counted in a shared Redis never interferes. */
export const someAddress = () => `10.${[1, 2, 3].map(() => Math.floor(Math.random() * 250) + 1).join('.')}`;

/** A player with a username, as the challenge screens need. */
export async function playerNamed(t: TestApp, username: string): Promise<TestPlayer> {
  const player = await signUpPlayer(t.app);
  const named = await t.app.inject({
    method: 'PUT',
    url: `/api/profile/${player.uid}`,
    headers: bearer(player.token),
    payload: { username },
  });
  expect(named.statusCode, named.body).toBe(200);
  return player;
}

export async function matatuOf(t: TestApp, player: TestPlayer): Promise<Game> {
  const list = await t.app.inject({ method: 'GET', url: '/api/games/list', headers: bearer(player.token) });
  const found = (list.json().payload as Game[]).find((game) => game.gameUrl === '/play/matatu-rush/');
  if (!found) throw new Error('Matatu Rush is not in the catalogue');
  return found;
}

/** A run of Matatu Rush played for `seconds` and saved as a free play: its token, seed and points. */
export async function finishedRun(t: TestApp, player: TestPlayer, gameId: number, seconds = 20) {
  const started = await t.app.inject({
    method: 'POST',
    url: `/api/games/${gameId}/play`,
    headers: bearer(player.token),
    payload: {},
  });
  expect(started.statusCode, started.body).toBe(200);
  const session = started.json().payload as PlaySession;
  await playedFor(t, session.session, seconds + 10);
  const run = recordMatatuRun(seedOf(session.launchUrl), seconds);
  const saved = await t.app.inject({
    method: 'POST',
    url: '/api/games/score',
    headers: bearer(player.token),
    remoteAddress: someAddress(),
    payload: { session: session.session, ...run },
  });
  expect(saved.statusCode, saved.body).toBe(200);
  return { token: session.session, seed: seedOf(session.launchUrl), points: run.points };
}

export async function challenge(t: TestApp, player: TestPlayer, payload: Record<string, unknown>) {
  return t.app.inject({ method: 'POST', url: '/api/challenges', headers: bearer(player.token), payload });
}

export async function sendChallenge(t: TestApp, player: TestPlayer, payload: Record<string, unknown>) {
  const created = await challenge(t, player, payload);
  expect(created.statusCode, created.body).toBe(200);
  return created.json().payload as ChallengeView;
}

/** Accepts the challenge: the friend's launch address, its session token and the seed it plays. */
export async function accept(t: TestApp, player: TestPlayer, code: string) {
  const response = await t.app.inject({
    method: 'POST',
    url: `/api/challenges/${code}/play`,
    headers: bearer(player.token),
  });
  const session = response.statusCode === 200 ? (response.json().payload as PlaySession) : null;
  return { response, session, seed: session ? seedOf(session.launchUrl) : null };
}

export function answer(t: TestApp, player: TestPlayer, code: string, payload: Record<string, unknown>) {
  return t.app.inject({
    method: 'POST',
    url: `/api/challenges/${code}/answer`,
    headers: bearer(player.token),
    remoteAddress: someAddress(),
    payload,
  });
}

/** Accepts and plays the challenge for `seconds`, reporting the true run: the answer's response. */
export async function playAnswer(t: TestApp, player: TestPlayer, code: string, seconds: number) {
  const { response, session, seed } = await accept(t, player, code);
  expect(response.statusCode, response.body).toBe(200);
  if (!session) throw new Error('no session');
  await playedFor(t, session.session, seconds + 10);
  const run = recordMatatuRun(seed, seconds);
  return { run, response: await answer(t, player, code, { session: session.session, ...run }) };
}

export async function viewOf(t: TestApp, player: TestPlayer, code: string) {
  return t.app.inject({ method: 'GET', url: `/api/challenges/${code}`, headers: bearer(player.token) });
}

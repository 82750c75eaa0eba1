// A player arrives: signs up, signs in with a password, or comes back with a live session; asks for
// the access token and runs the login check; opens the dashboard and the live socket.
import { carefully, getPolicy, type Verdict } from './careful.ts';
import type { Answer } from './http-client.ts';
import { openLiveSocket } from './live-socket.ts';
import { createPlayerApi, okIfSuccess, type Player, type Rush } from './player-api.ts';

const cookieOf = (answer: Answer) =>
  ([] as string[])
    .concat(answer.headers['set-cookie'] ?? [])
    .map((line) => line.split(';')[0])
    .filter((pair) => pair?.includes('session_token'))
    .join('; ');

/** sign-up and sign-in: better-auth's answer carries the cookie and (set-auth-jwt) the access token. */
async function signIn(rush: Rush, player: Player, kind: 'sign-up' | 'sign-in') {
  const { email } = player.seeded;
  const password = rush.seeded.password;
  const path = kind === 'sign-up' ? '/api/auth/sign-up/email' : '/api/auth/sign-in/email';
  const json = kind === 'sign-up' ? { email, password, name: '' } : { email, password };
  // A sign-up whose answer was lost made the account: its retry is refused as existing, then the
  // player signs in, as a person would.
  const judge = (answer: Answer): Verdict =>
    answer.status === 200 ? 'ok' : answer.status >= 500 ? 'retry' : 'final';
  const startedAt = Date.now();
  const api = createPlayerApi(rush, player);
  let attempted = await carefully(
    () => rush.http.call(player.address, path, { method: 'POST', json }),
    judge,
    getPolicy,
  );
  if (!attempted.ok && kind === 'sign-up' && attempted.attempts > 1) {
    attempted = await carefully(
      () =>
        rush.http.call(player.address, '/api/auth/sign-in/email', {
          method: 'POST',
          json: { email, password },
        }),
      judge,
      getPolicy,
    );
  }
  api.record(kind, startedAt, attempted);
  if (!attempted.ok || !attempted.answer) return false;
  // The account exists now: in a later step of --steps this player comes back with their password.
  if (kind === 'sign-up') player.seeded.hasSignedUp = true;
  player.cookie = cookieOf(attempted.answer);
  const jwt = attempted.answer.headers['set-auth-jwt'];
  if (typeof jwt === 'string') {
    player.token = jwt;
    player.tokenAt = Date.now();
  }
  return true;
}

/** Until the login check passed: false when the player could not get in (the records say why). */
export async function arrive(rush: Rush, player: Player): Promise<boolean> {
  const api = createPlayerApi(rush, player);
  const { arrival } = player.seeded;
  if (arrival === 'returning') player.cookie = player.seeded.cookie;
  else if (
    !(await signIn(rush, player, arrival === 'sign-up' && player.seeded.hasSignedUp ? 'sign-in' : arrival))
  )
    return false;

  const startedAt = Date.now();
  const gotToken = Boolean(await api.token());
  api.record('token', startedAt, {
    attempts: 1,
    firstOk: gotToken,
    ok: gotToken,
    ...(gotToken ? {} : { failure: 'no token' }),
  });
  if (!gotToken) return false;

  const login = await api.read('login', '/api/auth/login', {}, okIfSuccess);
  const uid = (login.answer?.body as { payload?: { uid?: string } } | undefined)?.payload?.uid;
  if (!login.ok || !uid) return false;
  player.uid = uid;
  if (arrival === 'sign-up') {
    // A new player completes their phone on the profile, as the pay screen would ask for it.
    await api.read('profile', `/api/profile/${uid}`, {
      method: 'PUT',
      json: { phone: `0${player.seeded.phone.slice(3)}` },
    });
  }
  await dashboard(rush, player);
  player.socket = openLiveSocket(
    rush.wsUrl,
    rush.sourceAddresses[player.address % rush.sourceAddresses.length] as string,
    (fresh) => api.token(fresh),
    {
      onOutcome: ({ isReconnect, startedAt, attempts, firstFailure, gaveUp }) =>
        api.record(isReconnect ? 'ws-reconnect' : 'ws-connect', startedAt, {
          attempts,
          firstOk: !firstFailure,
          ok: !gaveUp,
          ...(gaveUp || firstFailure ? { failure: (gaveUp ?? firstFailure) as string } : {}),
        }),
      onMessage: (message) => count(rush, String(message.type)),
      onDrop: (code) => count(rush, `dropped ${code}`),
    },
  );
  return true;
}

const count = (rush: Rush, what: string) => rush.log.heard.set(what, (rush.log.heard.get(what) ?? 0) + 1);

/** The dashboard's first requests: banners, the player's recent games, the featured shelf. */
export async function dashboard(rush: Rush, player: Player) {
  const api = createPlayerApi(rush, player);
  const startedAt = Date.now();
  const parts = await Promise.all(
    ['/api/events', '/api/profile/recent-games', '/api/games/list?featured=true'].map((path) =>
      api.quiet(path),
    ),
  );
  const failed = parts.find((part) => part.failure);
  api.record('dashboard', startedAt, {
    attempts: Math.max(...parts.map((part) => part.attempts)),
    firstOk: parts.every((part) => part.firstOk),
    ok: parts.every((part) => part.ok),
    ...(failed?.failure ? { failure: failed.failure } : {}),
  });
}

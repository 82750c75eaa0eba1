import { randomUUID } from 'node:crypto';
import type { ChallengeView } from '@playon/shared/challenges';
import type { ChatRoom } from '@playon/shared/chat';
import type { Game, PlaySession } from '@playon/shared/games';
import type { PaymentIntent } from '@playon/shared/payments';
import type { WalletTransaction } from '@playon/shared/wallet';
import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { feedback } from '../../src/modules/content/schema.ts';
import type { PaymentsTestApp } from './app.ts';
import { type Hints, type Operation, parametersIn } from './attack-openapi.ts';
import { multipartForm, tinyPng } from './files.ts';
import { playedFor, recordMatatuRun, seedOf } from './matatu-runs.ts';
import { eventually } from './payments.ts';
import { bearer, signUpPlayer, type TestPlayer } from './players.ts';
import { arrangeTournament, insertTestGame, tournamentApi } from './tournaments.ts';

/** A player with real data behind every kind of id the API takes: the ids the attackers aim at. */
export interface Owner {
  player: TestPlayer;
  uid: string;
  username: string;
  chatRoomUid: string;
  chatRoomId: number;
  /** The owner's message in that room, and their feedback: what moderators and support act on. */
  chatMessageId: string;
  feedbackId: string;
  gameId: number;
  tournamentId: number;
  paymentId: string;
  session: string;
  referralCode: string;
  /** The owner's challenge, sent by username to a third player: others may read its score, not play it. */
  challengeCode: string;
  /** Values only the owner may ever be shown: their email, phone, payment and ledger ids, push endpoint. */
  privateValues: string[];
}

const M_PESA = 2;

const unique = (values: string[]) => [...new Set(values)];

/** The owner's phone, in the forms the API writes it. */
const OWNER_PHONE = { local: '0711223344', international: '254711223344' };

async function call(
  t: PaymentsTestApp,
  player: TestPlayer,
  method: 'GET' | 'POST' | 'PUT',
  url: string,
  payload?: object,
) {
  const response = await t.app.inject({
    method,
    url,
    headers: { ...bearer(player.token), 'idempotency-key': randomUUID() },
    ...(payload ? { payload } : {}),
  });
  expect(response.statusCode, `${method} ${url}: ${response.body}`).toBeLessThan(300);
  return response.json().payload;
}

/**
 * The owner, made through the API as a player would: a profile with username and phone, a completed
 * M-Pesa top-up, a room joined with a message and a file sent to it, a profile picture, a browser
 * registered for push, and a score in a running tournament.
 */
export async function arrangeOwner(t: PaymentsTestApp): Promise<Owner> {
  const player = await signUpPlayer(t.app);
  const username = `owner${randomUUID().slice(0, 8)}`;
  await call(t, player, 'PUT', `/api/profile/${player.uid}`, { username });
  await call(t, player, 'PUT', `/api/profile/${player.uid}`, { phone: OWNER_PHONE.local });

  const started = (await call(t, player, 'POST', '/api/payments/top-up', {
    paymentMethodId: M_PESA,
    amount: 777,
    mpesaPhoneNumber: OWNER_PHONE.local,
  })) as PaymentIntent;
  const payment = await eventually(
    async () => (await call(t, player, 'GET', `/api/payments/${started.id}`)) as PaymentIntent,
    (intent) => intent.status === 'COMPLETED',
    60_000,
  );
  expect(payment.status).toBe('COMPLETED');
  const ledger = (await call(t, player, 'GET', '/api/wallets/list')) as WalletTransaction[];

  const rooms = (await call(t, player, 'GET', '/api/chat-rooms/list')) as ChatRoom[];
  const room = rooms[0];
  if (!room) throw new Error('no chat room to join');
  await call(t, player, 'GET', `/api/profile/chatroom-join/${room.chatRoomUid}`);
  const message = (await call(t, player, 'POST', '/api/chats/send', {
    chatRoomId: room.id,
    message: 'The owner was here.',
  })) as { id: string };
  await call(t, player, 'POST', '/api/contact-us/feedback', {
    email: player.email,
    subject: 'From the owner',
    message: 'The owner asks for help.',
  });
  const [sentFeedback] = await t.database.db
    .select({ id: feedback.id })
    .from(feedback)
    .where(eq(feedback.uid, player.uid));
  if (!sentFeedback) throw new Error("the owner's feedback was not stored");
  for (const fields of [
    { id: String(room.id), type: 'CHAT_MEDIA' },
    { id: player.uid, type: 'PROFILE_PICTURE' },
  ]) {
    const form = multipartForm(fields, { name: 'owner.png', type: 'image/png', bytes: tinyPng() });
    const upload = await t.app.inject({
      method: 'POST',
      url: '/api/upload',
      headers: { ...bearer(player.token), 'content-type': form.contentType },
      payload: form.payload,
    });
    expect(upload.statusCode, upload.body).toBe(200);
  }
  const pushEndpoint = `https://fcm.googleapis.com/fcm/send/owner-${randomUUID()}`;
  await call(t, player, 'POST', '/api/profile/device-token', {
    deviceToken: JSON.stringify({
      endpoint: pushEndpoint,
      keys: { p256dh: 'owner-p256dh', auth: 'owner-auth' },
    }),
  });

  const game = await insertTestGame(t);
  const tournament = await arrangeTournament(t, {
    gameId: game.id,
    starts: new Date(Date.now() - 60_000),
    ends: new Date(Date.now() + 3_600_000),
  });
  const api = tournamentApi(t);
  const scored = await api.report(player, tournament.id, {
    session: await api.session(player, game.id, tournament.id),
    points: 12,
  });
  expect(scored.statusCode, scored.body).toBe(200);
  // A session the owner started and has not used yet: the one an attacker would want to spend.
  const session = await api.session(player, game.id, tournament.id);

  const profile = (await call(t, player, 'GET', '/api/auth/login')) as { referralCode: string };
  const challengeCode = await arrangeChallenge(t, player);
  return {
    player,
    uid: player.uid,
    username,
    chatRoomUid: room.chatRoomUid,
    chatRoomId: room.id,
    chatMessageId: message.id,
    feedbackId: sentFeedback.id,
    gameId: game.id,
    tournamentId: tournament.id,
    paymentId: payment.id,
    session,
    referralCode: profile.referralCode,
    challengeCode,
    privateValues: unique([
      player.email,
      OWNER_PHONE.local,
      OWNER_PHONE.international,
      payment.id,
      pushEndpoint,
      ...ledger.map((row) => row.id),
    ]),
  };
}

/** A saved run of Matatu Rush sent as a challenge to a third player, by username: its code. */
async function arrangeChallenge(t: PaymentsTestApp, player: TestPlayer): Promise<string> {
  const friend = await signUpPlayer(t.app);
  const friendName = `friend${randomUUID().slice(0, 8)}`;
  await call(t, friend, 'PUT', `/api/profile/${friend.uid}`, { username: friendName });
  const games = (await call(t, player, 'GET', '/api/games/list')) as Game[];
  const matatu = games.find((game) => game.gameUrl === '/play/matatu-rush/');
  if (!matatu) throw new Error('Matatu Rush is not in the catalogue');
  const started = (await call(t, player, 'POST', `/api/games/${matatu.id}/play`, {})) as PlaySession;
  await playedFor(t, started.session, 20);
  await call(t, player, 'POST', '/api/games/score', {
    session: started.session,
    ...recordMatatuRun(seedOf(started.launchUrl), 10),
  });
  const challenge = (await call(t, player, 'POST', '/api/challenges', {
    session: started.session,
    username: friendName,
  })) as ChallengeView;
  return challenge.code;
}

/** Which of the owner's ids a `{id}` names, by the path segment before it. */
const ID_OWNERS: Array<[RegExp, (owner: Owner) => string]> = [
  [/^\/api\/users\/(public|get)\/\{id\}/, (o) => o.uid],
  [/^\/api\/payments\/\{id\}/, (o) => o.paymentId],
  // The console's money area: the owner's top-up.
  [/^\/api\/ops\/money\/payments\/\{id\}/, (o) => o.paymentId],
  [/^\/api\/games\/(get\/)?\{id\}/, (o) => String(o.gameId)],
  [
    /^\/api\/(tournaments|tournament-leaderboards|tournament-awards\/tournament)\/\{id\}/,
    (o) => String(o.tournamentId),
  ],
  // The console's content area: the owner's game, tournament and room; the first seeded banner,
  // video and package (the owner has none of their own).
  [/^\/api\/ops\/content\/games\/\{id\}/, (o) => String(o.gameId)],
  [/^\/api\/ops\/content\/tournaments\/\{id\}/, (o) => String(o.tournamentId)],
  [/^\/api\/ops\/content\/chat-rooms\/\{id\}/, (o) => String(o.chatRoomId)],
  [/^\/api\/ops\/content\/(banners|tv|packages)\/\{id\}/, () => '1'],
  // The console's community area: the owner's feedback.
  [/^\/api\/ops\/community\/feedback\/\{id\}/, (o) => o.feedbackId],
  // A saved audience and a data request: the owner has none; the first one, if any.
  [/^\/api\/ops\/community\/audiences\/\{id\}/, () => '1'],
  [/^\/api\/ops\/players\/data-requests\/\{id\}/, () => '1'],
];

const NAMED_PARAMS: Record<string, (owner: Owner) => string> = {
  uid: (o) => o.uid,
  username: (o) => o.username,
  chatRoomUid: (o) => o.chatRoomUid,
  messageId: (o) => o.chatMessageId,
  // A kept M-Pesa callback: the owner has none; the first one, if any, is another's.
  callbackId: () => '1',
  code: (o) => o.challengeCode,
  amount: () => '100',
};

/**
 * The operation's path filled with the owner's ids, or the names of the parameters the test has no
 * way to fill: a new endpoint with a new kind of id fails the suites until its owner is taught here.
 */
export function ownerPath(
  operation: Operation,
  owner: Owner,
): { values: Record<string, string>; unknown: string[] } {
  const values: Record<string, string> = {};
  const unknown: string[] = [];
  for (const { name } of parametersIn(operation, 'path')) {
    const byPath =
      name === 'id' ? ID_OWNERS.find(([pattern]) => pattern.test(operation.path))?.[1] : undefined;
    const fill = byPath ?? NAMED_PARAMS[name];
    if (fill) values[name] = fill(owner);
    else unknown.push(`{${name}}`);
  }
  return { values, unknown };
}

/** Body fields that name the owner's things get the owner's ids; the rest are valid, harmless values. */
export function ownerHints(owner: Owner): Hints {
  const hints: Record<string, unknown> = {
    chatRoomId: owner.chatRoomId,
    tournamentId: owner.tournamentId,
    userId: owner.uid,
    session: owner.session,
    referralCode: owner.referralCode,
    // Above the owner's 12: a score posted into the owner's session would raise their best.
    points: 20,
    paymentMethodId: M_PESA,
    amount: 10,
    // The player cancels on the phone: an attacker's top-up or boost moves no money.
    mpesaPhoneNumber: '254700000001',
    subscriptionPackageId: 1,
    message: 'Hello from the attack suite.',
    name: 'Renamed By Someone',
    deviceToken: JSON.stringify({
      endpoint: `https://fcm.googleapis.com/fcm/send/attack-${owner.uid}`,
      keys: { p256dh: 'attack-p256dh', auth: 'attack-auth' },
    }),
  };
  return (name) => hints[name];
}

/** Multipart operations the document describes as a form only: the form aimed at the owner's things. */
export const ownerForms: Record<string, (owner: Owner) => Record<string, string>> = {
  'POST /api/upload': (owner) => ({ id: owner.uid, type: 'PROFILE_PICTURE' }),
  // A console image: the file alone.
  'POST /api/ops/content/images': () => ({}),
};

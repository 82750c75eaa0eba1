// The rush's players, put in the database as sign-up and sign-in would have left them, in a few
// statements: better-auth's scrypt costs tens of ms of server CPU a hash, so one hash serves every
// player who signs in with a password, and returning players get a session row and the cookie
// better-auth would have set (its value signed with the instances' secret, as better-call signs).
import { createHmac, randomBytes } from 'node:crypto';
import { hashPassword } from 'better-auth/crypto';
import pg from 'pg';
import type { RushStack } from './types.ts';

/** How a player comes in: with a live session (most), with their password, or as a new account. */
export type Arrival = 'returning' | 'sign-in' | 'sign-up';

export interface SeededPlayer {
  index: number;
  arrival: Arrival;
  email: string;
  /** The account's id; a signing-up player learns theirs from the login check. */
  uid?: string;
  /** `name=value` of the session cookie, for a returning player. */
  cookie?: string;
  username?: string;
  /** Their own M-Pesa number (2547XXXXXXXX), so no phone is prompted by two players. */
  phone: string;
  /** A signing-up player's account was made in an earlier step: they sign in with it now. */
  hasSignedUp?: boolean;
}

export interface SeededPlayers {
  count: number;
  players: SeededPlayer[];
  password: string;
  tournamentId: number;
  /** The tournament's game (Matatu Rush), played outside it too. */
  gameId: number;
  /** Room ids by chatRoomUid. */
  rooms: Record<string, number>;
}

export const PASSWORD = 'rush-night-2024';
/** Of every 20 players, one signs up and three sign in with a password; the rest come back. */
export function arrivalOf(index: number): Arrival {
  const slot = index % 20;
  if (slot === 0) return 'sign-up';
  return slot <= 3 ? 'sign-in' : 'returning';
}

const phoneOf = (index: number) => `25471${String(index).padStart(7, '0')}`;

/** better-call's signed cookie value: `token.base64(HMAC-SHA256(token))`, URI-encoded. */
function signedCookie(name: string, token: string, secret: string): string {
  const signature = createHmac('sha256', secret).update(token).digest('base64');
  return `${name}=${encodeURIComponent(`${token}.${signature}`)}`;
}

async function insertAccounts(client: pg.Client, stack: RushStack, players: SeededPlayer[]) {
  const seeded = players.filter((player) => player.arrival !== 'sign-up');
  const ids = seeded.map((player) => player.uid as string);
  await client.query(
    `insert into auth_user (id, name, email, email_verified)
     select id, 'Rush player', email, true from unnest($1::text[], $2::text[]) as t(id, email)`,
    [ids, seeded.map((player) => player.email)],
  );
  await client.query(
    `insert into profiles (uid, name, username, phone, referral_code)
     select id, 'Rush player', username, phone, upper(username)
     from unnest($1::text[], $2::text[], $3::text[]) as t(id, username, phone)`,
    [ids, seeded.map((player) => player.username), seeded.map((player) => player.phone)],
  );
  const hash = await hashPassword(PASSWORD);
  const signingIn = seeded.filter((player) => player.arrival === 'sign-in').map((player) => player.uid);
  await client.query(
    `insert into auth_account (id, account_id, provider_id, user_id, password)
     select 'acct-' || id, id, 'credential', id, $2 from unnest($1::text[]) as t(id)`,
    [signingIn, hash],
  );
  const cookieName = `${stack.balancerUrl.startsWith('https:') ? '__Secure-' : ''}better-auth.session_token`;
  const returning = seeded.filter((player) => player.arrival === 'returning');
  const tokens = returning.map(() => randomBytes(24).toString('base64url'));
  await client.query(
    `insert into auth_session (id, token, user_id, expires_at)
     select 'sess-' || id, token, id, now() + interval '7 days'
     from unnest($1::text[], $2::text[]) as t(id, token)`,
    [returning.map((player) => player.uid), tokens],
  );
  returning.forEach((player, i) => {
    player.cookie = signedCookie(cookieName, tokens[i] as string, stack.betterAuthSecret);
  });
  await client.query(
    `insert into chat_members (room_id, uid)
     select r.id, t.id from unnest($1::text[]) as t(id), chat_rooms r where r.chat_room_uid = 'general'`,
    [ids],
  );
}

/** A tournament of Matatu Rush running for the whole night, as an operator would create it. */
async function insertTournament(client: pg.Client, tag: string) {
  const { rows } = await client.query<{ id: number; game_id: number }>(
    `insert into tournaments (name, description, starts, ends, game_id)
     select $1, 'Launch night: the best run of the night wins.', now() - interval '1 minute',
            now() + interval '6 hours', id
     from games where slug = 'matatu-rush'
     returning id, game_id`,
    [`Launch Night Rush ${tag}`],
  );
  const tournament = rows[0];
  if (!tournament) throw new Error('Matatu Rush is not in the catalogue: the stack did not seed its games.');
  return tournament;
}

export async function seedPlayers(stack: RushStack, count: number): Promise<SeededPlayers> {
  const tag = randomBytes(3).toString('hex');
  const players: SeededPlayer[] = Array.from({ length: count }, (_, index) => {
    const arrival = arrivalOf(index);
    return {
      index,
      arrival,
      email: `rush.${tag}.${index}@example.com`,
      phone: phoneOf(index),
      ...(arrival === 'sign-up' ? {} : { uid: `rush-${tag}-${index}`, username: `rush_${tag}_${index}` }),
    };
  });
  const client = new pg.Client({ connectionString: stack.databaseUrl });
  await client.connect();
  try {
    await client.query('begin');
    await insertAccounts(client, stack, players);
    const tournament = await insertTournament(client, tag);
    await client.query('commit');
    const { rows } = await client.query<{ id: number; chat_room_uid: string }>(
      'select id, chat_room_uid from chat_rooms',
    );
    return {
      count,
      players,
      password: PASSWORD,
      tournamentId: tournament.id,
      gameId: tournament.game_id,
      rooms: Object.fromEntries(rows.map((row) => [row.chat_room_uid, row.id])),
    };
  } finally {
    await client.end();
  }
}

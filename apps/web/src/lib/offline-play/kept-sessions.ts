import { OFFLINE_SESSIONS, type OfflineSessions, type PlaySession } from '@playon/shared/games';
import { apiRequest } from '../api-client';

/**
 * Play sessions kept on this phone for runs played offline (ADR 0065, docs/product.md "Play
 * offline"): issued by the server while online, a few per game (and tournament), each spent by one
 * 'Play now' without a network. localStorage: they must outlive the tab.
 */
export const KEPT_SESSIONS_KEY = 'playon:offline-sessions';
/** A session with less time left than this is not worth a run: the run could not be sent in time. */
const LEAST_LEFT_MS = 60 * 60_000;
/** Asked for again once one expires within this: the phone keeps a day's worth, refreshed while online. */
const REFRESH_WITHIN_MS = 12 * 60 * 60_000;

export interface KeptSession extends PlaySession {
  uid: string;
  gameId: number;
  gameName: string;
  tournamentId: number | null;
  tournamentName: string | null;
}

/** What the sessions are for: a game, for a free play or for a tournament. */
export interface KeptFor {
  uid: string;
  gameId: number;
  gameName: string;
  tournamentId: number | null;
  tournamentName: string | null;
}

const sameFor = (a: Omit<KeptFor, 'gameName' | 'tournamentName'>, b: KeptSession) =>
  a.uid === b.uid && a.gameId === b.gameId && a.tournamentId === b.tournamentId;
const leftMs = (session: KeptSession, now: number) => Date.parse(session.expiresAt) - now;

function read(): KeptSession[] {
  try {
    const parsed: unknown = JSON.parse(localStorage.getItem(KEPT_SESSIONS_KEY) ?? '[]');
    return Array.isArray(parsed) ? (parsed as KeptSession[]) : [];
  } catch {
    return [];
  }
}

function write(sessions: KeptSession[], now = Date.now()) {
  try {
    const usable = sessions.filter((session) => leftMs(session, now) > LEAST_LEFT_MS);
    localStorage.setItem(KEPT_SESSIONS_KEY, JSON.stringify(usable));
  } catch {
    // A full or blocked storage keeps nothing: 'Play now' then needs the network, as before.
  }
}

/** The sessions this phone holds for `uid` (every player's when none is signed in), still usable. */
export function keptSessions(uid?: string | null, now = Date.now()): KeptSession[] {
  return read().filter(
    (session) => (uid ? session.uid === uid : true) && leftMs(session, now) > LEAST_LEFT_MS,
  );
}

/** Whether the phone should ask for this game's sessions again (too few, or one expiring soon). */
export function needsSessions(kept: Omit<KeptFor, 'gameName' | 'tournamentName'>, now = Date.now()) {
  const mine = keptSessions(kept.uid, now).filter((session) => sameFor(kept, session));
  return mine.length < OFFLINE_SESSIONS || mine.some((session) => leftMs(session, now) < REFRESH_WITHIN_MS);
}

/**
 * Asks the server for the player's offline sessions of this game (POST /api/games/{id}/offline-sessions)
 * and keeps them in place of those held before: the server answers the unspent ones it issued, topped up.
 */
export async function keepSessions(kept: KeptFor): Promise<void> {
  const body = kept.tournamentId === null ? {} : { tournamentId: kept.tournamentId };
  const { payload } = await apiRequest<OfflineSessions>(`/games/${kept.gameId}/offline-sessions`, {
    method: 'POST',
    json: body,
  });
  const others = read().filter((session) => !sameFor(kept, session));
  write([...others, ...payload.sessions.map((session) => ({ ...session, ...kept }))]);
}

/** Takes one session of this game (and tournament) off the phone for a run; null when none is left. */
export function takeSession(
  kept: Omit<KeptFor, 'gameName' | 'tournamentName'>,
  now = Date.now(),
): KeptSession | null {
  const all = read();
  const index = all.findIndex((session) => sameFor(kept, session) && leftMs(session, now) > LEAST_LEFT_MS);
  if (index < 0) return null;
  const [taken] = all.splice(index, 1);
  write(all, now);
  return taken ?? null;
}

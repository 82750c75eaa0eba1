import { leaderboardTopic } from '@playon/shared/realtime';
import type { Realtime } from '../realtime/service.ts';
import type { TournamentServiceDeps } from './deps.ts';

/** A tournament's followers hear of its changes at most this often (per instance). */
export const LEADERBOARD_LIVE_EVERY_MS = 1_000;

export interface LeaderboardLiveDeps extends Pick<TournamentServiceDeps, 'log'> {
  realtime: Pick<Realtime, 'sendToTopic'> | undefined;
  everyMs?: number;
}

/**
 * Tells the screens following a tournament's leaderboard that it changed. The first change
 * is sent at once and opens a window of `everyMs`; changes inside it are coalesced into one message
 * when it closes, so a storm of reports costs each follower one message a window and the last
 * change is never lost. The message names only the tournament: the screen reads its pages again.
 */
export function createLeaderboardLive({
  realtime,
  log,
  everyMs = LEADERBOARD_LIVE_EVERY_MS,
}: LeaderboardLiveDeps) {
  /** Tournaments inside a window, and whether a change arrived since its message went out. */
  const windows = new Map<number, { timer: ReturnType<typeof setTimeout>; isDirty: boolean }>();

  function send(tournamentId: number) {
    realtime
      ?.sendToTopic(leaderboardTopic(tournamentId), { type: 'leaderboard', tournamentId })
      .catch((err: unknown) => log.warn({ err, tournamentId }, 'leaderboard change not published'));
    const timer = setTimeout(() => {
      const window = windows.get(tournamentId);
      windows.delete(tournamentId);
      if (window?.isDirty) send(tournamentId);
    }, everyMs);
    timer.unref();
    windows.set(tournamentId, { timer, isDirty: false });
  }

  return {
    changed(tournamentId: number) {
      const window = windows.get(tournamentId);
      if (window) window.isDirty = true;
      else send(tournamentId);
    },
    close() {
      for (const { timer } of windows.values()) clearTimeout(timer);
      windows.clear();
    },
  };
}

export type LeaderboardLive = ReturnType<typeof createLeaderboardLive>;

/**
 * Where the leaderboard's ranks are kept next to PostgreSQL's record (ADR 0029): a sorted set per
 * tournament in Redis when REDIS_URL is set, an in-process order-statistics list otherwise. Both keep
 * the leaderboard's order exactly: more points first, then who reached them first (achieved_at to the
 * microsecond), then the uid.
 */

/** A player's best as PostgreSQL holds it; `micros` is achieved_at in microseconds since 1970. */
export interface RankEntry {
  uid: string;
  pointsHundredths: number;
  micros: number;
}

/**
 * What the store knows of a board, returned with every answer so the caller can tell whether it may
 * be trusted: `removed` is the tournament's entries_removed the board was built at (null: never built,
 * or built on a Redis that has restarted since), `size` the entries it holds now.
 */
export interface BoardState {
  removed: number | null;
  size: number;
}

export interface Placed {
  rank: number;
  pointsHundredths: number;
}

export interface RankStore {
  readonly kind: 'memory' | 'redis';
  /**
   * Keeps the better of the stored best and this one (a higher score; on a tie the stored one, reached
   * first), also in a rebuild under way; answers the player's place after it.
   */
  raise(board: string, entry: RankEntry): Promise<{ state: BoardState; placed: Placed }>;
  /**
   * `raise` for several players at once (a batch of reports, ADR 0039): every entry is kept as `raise`
   * keeps it, then, when `answer` is set, each player's place after all of them (in `entries`' order;
   * empty otherwise). One round trip to Redis for the whole batch.
   */
  raiseAll(
    board: string,
    entries: RankEntry[],
    answer: boolean,
  ): Promise<{ state: BoardState; placed: Placed[] }>;
  /** Puts this entry in place of the stored one whatever they hold, or takes the player out (null). */
  replace(board: string, uid: string, entry: RankEntry | null): Promise<void>;
  standing(board: string, uid: string): Promise<{ state: BoardState; placed: Placed | null }>;
  /** Entries `offset` to `offset + limit - 1` (0-based) in the leaderboard's order. */
  page(
    board: string,
    offset: number,
    limit: number,
  ): Promise<{ state: BoardState; rows: { uid: string; pointsHundredths: number }[] }>;
  /**
   * Builds the board anew from `load`, which hands over PostgreSQL's entries chunk by chunk; reports
   * arriving meanwhile reach both boards, then the new one takes the old one's place, marked as built
   * at `removed`. 'busy' when another instance is rebuilding it (a lock in Redis).
   */
  rebuild(
    board: string,
    removed: number,
    load: (add: (entries: RankEntry[]) => Promise<void>) => Promise<void>,
  ): Promise<'rebuilt' | 'busy'>;
  close(): Promise<void>;
}

/** Before in the leaderboard's order: more points, then reached earlier, then the uid. */
export function before(a: RankEntry, b: RankEntry): boolean {
  if (a.pointsHundredths !== b.pointsHundredths) return a.pointsHundredths > b.pointsHundredths;
  if (a.micros !== b.micros) return a.micros < b.micros;
  return a.uid < b.uid;
}

/** Microseconds since 1970 stay exact in a double until 2^53 (the year 2255); 17 digits fit them all. */
export const MICROS_DIGITS = 17;

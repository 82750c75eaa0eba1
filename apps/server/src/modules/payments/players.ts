import type { Db } from '../../platform/db.ts';

/** Who the players are, for boosts (the friend must exist), card payments (email) and history (usernames). */
export interface PlayerDirectory {
  /** The players among `uids` who exist, with their username and email (either may be null). */
  playersByUid(
    uids: string[],
    tx?: Db,
  ): Promise<Map<string, { username: string | null; email: string | null }>>;
}

import { createAccountActions } from './account-actions.ts';
import { createDataRequests } from './data-request.ts';
import { type PlayersOpsDeps, playerRecordParts } from './deps.ts';
import { createPlayerReads } from './reads.ts';
import { createDataRequestRegister } from './requests.ts';

export type { PlayersOpsDeps } from './deps.ts';

/**
 * The console's Players area: search, a player's card and lists, disable and enable,
 * a password reset by mail, and data requests (export, pay out, delete). It sits above every module
 * it reads, reaching each through its service.ts; no module reaches it.
 */
export function createPlayersOps(deps: PlayersOpsDeps) {
  const parts = playerRecordParts(deps.db);
  return {
    ...createPlayerReads(deps, parts),
    ...createAccountActions(deps),
    ...createDataRequests(deps, parts),
    ...createDataRequestRegister({
      db: deps.db,
      ops: deps.ops,
      accounts: deps.accounts,
      labelsOf: parts.profiles.labelsOf,
    }),
  };
}

export type PlayersOps = ReturnType<typeof createPlayersOps>;

/**
 * The key prefix the game SDK keeps a run under (packages/game-sdk/src/run-queue.js `RUN_KEY_PREFIX`; a
 * test holds them equal). Read here without the SDK's code: a first screen only asks whether any run
 * waits, and loads the list and the sender (components/offline-play, lib/offline-play) when one does.
 */
export const RUN_KEY_PREFIX = 'playon:run:';

/** Whether a game left a run on this phone, waiting to send or refused (ADR 0065). */
export function hasKeptRuns(): boolean {
  try {
    for (let index = 0; index < localStorage.length; index++) {
      if (localStorage.key(index)?.startsWith(RUN_KEY_PREFIX)) return true;
    }
  } catch {
    // Storage blocked: no game could keep a run either.
  }
  return false;
}

import { forgetRun, keptRuns, type QueuedRun, sendKeptRuns } from '@playon/game-sdk/run-queue';
import { useSyncExternalStore } from 'react';
import { readUser } from '../session-store';
import { toast } from '../toast';
import translator from '../translation';
import { offlineText } from './offline-text';

/**
 * The runs a game kept on this phone when it could not reach PlayOn (ADR 0065; the game's SDK keeps
 * them, packages/game-sdk/src/run-queue.js), as the app shows and sends them. A change made in this tab
 * is told to the screens here; one made in a game's tab arrives as a storage event.
 */
export type { QueuedRun };

const listeners = new Set<() => void>();
const changed = () => {
  for (const listener of listeners) listener();
};

function subscribe(listener: () => void) {
  listeners.add(listener);
  window.addEventListener('storage', listener);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', listener);
  };
}

let lastKey = '';
let lastRuns: QueuedRun[] = [];
/** The player's kept runs, the same array while nothing changed (a stable snapshot). */
function snapshot(uid: string | null | undefined): QueuedRun[] {
  const runs = keptRuns(uid ? { player: uid } : {});
  const key = JSON.stringify(runs.map((run) => [run.session, run.state, run.reason]));
  if (key !== lastKey) {
    lastKey = key;
    lastRuns = runs;
  }
  return lastRuns;
}

export function useKeptRuns(uid: string | null | undefined): QueuedRun[] {
  return useSyncExternalStore(subscribe, () => snapshot(uid));
}

/** Drops a refused run the player has read the reason of. */
export function dismissRun(run: QueuedRun) {
  forgetRun(run.session);
  changed();
}

/**
 * Sends the player's waiting runs (on start and when the network returns); `onSent` for each one
 * counted. A run refused stays, with its reason, for the player to read.
 */
export async function sendRuns(
  uid: string | null | undefined,
  language: string,
  onSent: (run: QueuedRun, points: number) => void,
) {
  const outcomes = await sendKeptRuns({
    ...(uid ? { player: uid } : {}),
    language,
    onSent: (run) => onSent(run, run.points),
  });
  if (outcomes.length > 0) changed();
  return outcomes;
}

/**
 * Sends the runs games kept on this phone (ADR 0065), when the app starts and when the network
 * returns: a toast for each one counted, one for any the server refused (its reason stays on the
 * list until the player dismisses it). A run not sent stays waiting for the next time.
 */
export async function sendKeptRunsNow(onCounted: () => void) {
  const outcomes = await sendRuns(readUser()?.id, translator.language, (run, points) => {
    toast.success(offlineText(translator.language, 'sent', { points, game: run.game }));
  });
  if (outcomes.some((outcome) => outcome.outcome === 'refused'))
    toast.error(offlineText(translator.language, 'notCounted'));
  if (outcomes.some((outcome) => outcome.outcome === 'sent')) onCounted();
}

import { readUser } from '../session-store';
import { toast } from '../toast';
import translator from '../translation';
import { sendRuns } from './kept-runs-store';
import { offlineText } from './offline-text';

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

// @ts-check
// The PlayOn game SDK: served at /play/sdk/playon-sdk.js, imported by a game as an ES module.
import { translator } from './language.js';
import { readLaunch, withoutSession } from './launch.js';
import { practiceSeed } from './replay.js';
import { createReporter } from './report.js';

export { GAME_LANGUAGES, gameLanguage, translator } from './language.js';
export { backUrlFor, LAUNCH_PARAMS, readLaunch, scoreEndpoint } from './launch.js';
export { createReporter, RunKept, reportMessages, reportMessagesIn, toPoints } from './report.js';
export { forgetRun, keepRun, keptRuns, sendKeptRuns, sendRun } from './run-queue.js';

/**
 * @typedef {import('./launch.js').Launch} Launch
 * @typedef {import('./report.js').ScoreResult} ScoreResult
 * @typedef {object} PlayOn
 * @property {Launch} launch the launch parameters of this page
 * @property {import('./language.js').GameLanguage} language the player's language (`lang`), English by default
 * @property {<Key extends string>(dictionary: import('./language.js').Dictionary<Key>) => (key: Key, values?: Record<string, string | number>) => string} translate
 *   `t()` over a game's own dictionary, in the player's language
 * @property {(points: number, replay?: import('./replay.js').ReplayLog) => Promise<ScoreResult>} reportScore
 *   sends the score (and the recorded run, for a game PlayOn replays) once per launch; rejects with
 *   the server's message (or a network message) as the Error's message
 * @property {() => boolean} canReport whether a score can still be saved from this page
 * @property {() => number} roundSeed the seed of the next run: the launch's while its score can still
 *   be saved, else a practice seed
 */

/**
 * @param {object} [options]
 * @param {Pick<Location, 'search' | 'pathname' | 'hash'>} [options.location]
 * @param {Pick<History, 'replaceState' | 'state'>} [options.history]
 * @param {import('./report.js').Fetch} [options.fetch]
 * @param {import('./report.js').Wait} [options.wait]
 * @returns {PlayOn}
 */
export function createPlayOn({
  location = globalThis.location,
  history = globalThis.history,
  fetch,
  wait,
} = {}) {
  const launch = readLaunch(location?.search ?? '');
  // A spent session is dropped from the address, so reloading the page starts a practice round.
  const onAnswered = () => {
    if (!location || !history) return;
    history.replaceState(
      history.state,
      '',
      `${location.pathname}${withoutSession(location.search)}${location.hash}`,
    );
  };
  const reporter = createReporter({ launch, onAnswered, ...(fetch && { fetch }), ...(wait && { wait }) });
  const roundSeed = () => (launch.seed !== null && reporter.canReport() ? launch.seed : practiceSeed());
  return {
    launch,
    language: launch.language,
    translate: (dictionary) => translator(dictionary, launch.language),
    reportScore: reporter.reportScore,
    canReport: reporter.canReport,
    roundSeed,
  };
}

/** The PlayOn launch of the current page. */
export const playOn = createPlayOn();

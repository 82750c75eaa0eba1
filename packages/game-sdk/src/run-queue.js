// @ts-check
// Runs played without a network, kept on the device until they are sent (ADR 0065). The games and the
// app share one origin, so the game keeps a run here and the app shows and sends it too.

/** Each run is its own localStorage entry, keyed by its session id: keeping it twice is keeping it once. */
export const RUN_KEY_PREFIX = 'playon:run:';

/**
 * A finished run waiting on this device. `state` is 'waiting' until the server answers; a refused run
 * stays, with the server's reason, until the player dismisses it.
 * @typedef {object} QueuedRun
 * @property {string} session the signed play-session token
 * @property {string} endpoint where the score goes: '/api/games/score' or a tournament's leaderboard
 * @property {number} points
 * @property {import('./replay.js').ReplayLog} [replay]
 * @property {string | null} player the player's id, from the launch
 * @property {number | null} tournamentId
 * @property {string} game the game's name, as its page shows it
 * @property {string} playedAt when the run ended, ISO 8601 (shown to the player, never sent)
 * @property {'waiting' | 'refused'} state
 * @property {string} [reason] why the server refused it, in the player's language
 */

/**
 * What sending a run came to: 'sent' (counted, or counted already), 'refused' (the server's reason),
 * or 'unsent' (no network, signed out, or a server error: it stays waiting).
 * @typedef {{ outcome: 'sent', result: import('./report.js').ScoreResult }
 *   | { outcome: 'refused', reason: string }
 *   | { outcome: 'unsent' }} SendOutcome
 */

/** @typedef {Pick<Storage, 'getItem' | 'setItem' | 'removeItem' | 'key' | 'length'>} RunStorage */

/** @returns {RunStorage | null} */
function defaultStorage() {
  try {
    return globalThis.localStorage ?? null;
  } catch {
    // Storage blocked (a private window's settings): nothing can be kept.
    return null;
  }
}

/**
 * The session id a token names (the part before its signature).
 * @param {string} token
 */
export const sessionIdOf = (token) => token.split('.')[0] ?? token;

/**
 * Keeps a run on the device; false when the device would not keep it (storage full or blocked).
 * @param {QueuedRun} run
 * @param {RunStorage | null} [storage]
 */
export function keepRun(run, storage = defaultStorage()) {
  if (!storage) return false;
  try {
    storage.setItem(`${RUN_KEY_PREFIX}${sessionIdOf(run.session)}`, JSON.stringify(run));
    return true;
  } catch {
    return false;
  }
}

/**
 * The runs kept on this device, oldest first; those of `player` only when given.
 * @param {{ player?: string | null, storage?: RunStorage | null }} [options]
 * @returns {QueuedRun[]}
 */
export function keptRuns({ player, storage = defaultStorage() } = {}) {
  if (!storage) return [];
  /** @type {QueuedRun[]} */
  const runs = [];
  for (let index = 0; index < storage.length; index++) {
    const key = storage.key(index);
    if (!key?.startsWith(RUN_KEY_PREFIX)) continue;
    const run = parseRun(storage.getItem(key));
    if (run && (player === undefined || run.player === player)) runs.push(run);
  }
  return runs.sort((a, b) => a.playedAt.localeCompare(b.playedAt));
}

/**
 * Drops a run: sent, or refused and dismissed by the player.
 * @param {string} session
 * @param {RunStorage | null} [storage]
 */
export function forgetRun(session, storage = defaultStorage()) {
  storage?.removeItem(`${RUN_KEY_PREFIX}${sessionIdOf(session)}`);
}

/**
 * Sends one kept run as the game would have: a bearer token from the app's session, then the score.
 * It never throws; the run itself is left to `sendKeptRuns`.
 * @param {QueuedRun} run
 * @param {{ fetch?: import('./report.js').Fetch, language?: string }} [options]
 * @returns {Promise<SendOutcome>}
 */
export async function sendRun(
  run,
  { fetch = (input, init) => globalThis.fetch(input, init), language = 'en' } = {},
) {
  try {
    const headers = { Accept: 'application/json', 'Accept-Language': language };
    const tokenResponse = await fetch('/api/auth/token', { headers });
    const tokenBody = await readJson(tokenResponse);
    if (!tokenResponse.ok || typeof tokenBody?.token !== 'string') return { outcome: 'unsent' };
    const { session, points, replay } = run;
    const response = await fetch(run.endpoint, {
      method: 'POST',
      headers: { ...headers, 'Content-Type': 'application/json', Authorization: `Bearer ${tokenBody.token}` },
      body: JSON.stringify(replay ? { session, points, replay } : { session, points }),
    });
    const body = await readJson(response);
    if (response.ok && body?.payload) return { outcome: 'sent', result: body.payload };
    // Signed out, too many at once, or the server's own trouble: it waits for the next try.
    if (response.status === 401 || response.status === 429 || response.status >= 500)
      return { outcome: 'unsent' };
    return { outcome: 'refused', reason: typeof body?.statusMessage === 'string' ? body.statusMessage : '' };
  } catch {
    return { outcome: 'unsent' };
  }
}

/** @type {Promise<SendOutcome[]> | null} */
let sending = null;

/**
 * Sends the player's waiting runs, one after another: a run counted is forgotten, a refused one kept
 * with its reason. One pass at a time per page; the server answers a run sent twice as it did once.
 * @param {{ player?: string | null, fetch?: import('./report.js').Fetch, language?: string, storage?: RunStorage | null, onSent?: (run: QueuedRun, result: import('./report.js').ScoreResult) => void }} [options]
 * @returns {Promise<SendOutcome[]>}
 */
export function sendKeptRuns({ storage = defaultStorage(), onSent, ...options } = {}) {
  if (sending) return sending;
  sending = (async () => {
    /** @type {SendOutcome[]} */
    const outcomes = [];
    const waiting = keptRuns({
      storage,
      ...(options.player !== undefined && { player: options.player }),
    }).filter((run) => run.state === 'waiting');
    for (const run of waiting) {
      const outcome = await sendRun(run, options);
      outcomes.push(outcome);
      if (outcome.outcome === 'sent') {
        forgetRun(run.session, storage);
        onSent?.(run, outcome.result);
      } else if (outcome.outcome === 'refused') {
        keepRun({ ...run, state: 'refused', reason: outcome.reason }, storage);
      } else break;
    }
    return outcomes;
  })().finally(() => {
    sending = null;
  });
  return sending;
}

/**
 * @param {string | null} text
 * @returns {QueuedRun | null}
 */
function parseRun(text) {
  try {
    const run = text ? JSON.parse(text) : null;
    const isRun =
      typeof run?.session === 'string' &&
      typeof run.endpoint === 'string' &&
      typeof run.points === 'number' &&
      typeof run.playedAt === 'string' &&
      (run.state === 'waiting' || run.state === 'refused');
    return isRun ? run : null;
  } catch {
    return null;
  }
}

/**
 * @param {Response} response
 * @returns {Promise<any>}
 */
async function readJson(response) {
  try {
    return await response.json();
  } catch {
    return null;
  }
}

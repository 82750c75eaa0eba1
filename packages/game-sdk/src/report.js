// @ts-check
import { scoreEndpoint } from './launch.js';
import { keepRun } from './run-queue.js';

/**
 * The answer to a score report: points, best, and rank (null outside a tournament). The type is the
 * server's own (packages/shared/src/games.ts); the import is for the type checker only, so the
 * script a game loads stays free of it.
 * @typedef {import('@playon/shared/games').ScoreResult} ScoreResult
 */

/**
 * @typedef {(input: string, init?: RequestInit) => Promise<Response>} Fetch
 * @typedef {(ms: number) => Promise<void>} Wait
 */

export const reportMessages = Object.freeze({
  notLaunched: 'Open this game from PlayOn to save your score.',
  badPoints: 'This score cannot be saved: it must be a number of 0 or more.',
  signedOut: 'Sign in to PlayOn again to save your score.',
  offline: 'We could not reach PlayOn to save your score. Check your connection.',
  serverError: 'PlayOn could not save your score right now.',
});

/** @type {Readonly<Record<import('./language.js').GameLanguage, Readonly<Record<keyof typeof reportMessages, string>>>>} */
export const reportMessagesIn = Object.freeze({
  en: reportMessages,
  sw: Object.freeze({
    notLaunched: 'Fungua mchezo huu kutoka PlayOn ili alama zako zihifadhiwe.',
    badPoints: 'Alama hizi haziwezi kuhifadhiwa: lazima ziwe nambari ya 0 au zaidi.',
    signedOut: 'Ingia kwenye PlayOn tena ili alama zako zihifadhiwe.',
    offline: 'Hatukuweza kufikia PlayOn kuhifadhi alama zako. Angalia mtandao wako.',
    serverError: 'PlayOn haikuweza kuhifadhi alama zako kwa sasa.',
  }),
});

/** Waits before the second and the third try when the network fails; a 4xx answer is never retried. */
export const RETRY_DELAYS_MS = Object.freeze([800, 2400]);

/**
 * Points as the server takes them: a number of 0 or more, rounded to two decimals.
 * @param {number} value
 * @param {Readonly<Record<keyof typeof reportMessages, string>>} [messages] the language of the error
 * @returns {number}
 */
export function toPoints(value, messages = reportMessages) {
  if (typeof value !== 'number' || !Number.isFinite(value) || value < 0) {
    throw new Error(messages.badPoints);
  }
  return Math.round(value * 100) / 100;
}

/** The request never got an answer (offline, DNS, connection reset): the session is still unspent. */
class NetworkFailure extends Error {}

/**
 * The report could not reach PlayOn, and the run is kept on this device to be sent when the network
 * returns (run-queue.js, ADR 0065): the score is waiting to send, not lost.
 */
export class RunKept extends Error {
  /** @param {string} session */
  constructor(session) {
    super('waiting to send');
    this.session = session;
  }
}

/**
 * Sends the score of one launch, once. Calls after the first return the first call's promise; only a
 * report that never reached the server (network failure after the retries) lets a later call try again.
 * @param {object} options
 * @param {import('./launch.js').Launch} options.launch
 * @param {Fetch} [options.fetch]
 * @param {Wait} [options.wait]
 * @param {readonly number[]} [options.retryDelaysMs]
 * @param {() => void} [options.onAnswered] called once the server has answered (the session is spent)
 *   or the run was kept to be sent later
 * @param {() => boolean} [options.isOnline] whether the device has a network: without one the run is kept at once
 * @param {(run: import('./run-queue.js').QueuedRun) => boolean} [options.keep] keeps a run on the device
 * @param {string} [options.gameName] the game's name, shown with a kept run
 */
export function createReporter({
  launch,
  fetch = (input, init) => globalThis.fetch(input, init),
  wait = (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
  retryDelaysMs = RETRY_DELAYS_MS,
  onAnswered = () => {},
  isOnline = () => globalThis.navigator?.onLine !== false,
  keep = (run) => keepRun(run),
  gameName = globalThis.document?.title.split(' · ')[0] ?? '',
}) {
  /** @type {Promise<ScoreResult> | null} */
  let pending = null;
  const messages = reportMessagesIn[launch.language];
  // The server answers in the player's language too (its statusMessage is shown as it comes).
  const acceptLanguage = { 'Accept-Language': launch.language };

  /**
   * @param {() => Promise<Response>} request
   * @returns {Promise<Response>}
   */
  async function withRetry(request) {
    for (let attempt = 0; ; attempt++) {
      try {
        return await request();
      } catch {
        const delay = retryDelaysMs[attempt];
        if (delay === undefined) throw new NetworkFailure(messages.offline);
        await wait(delay);
      }
    }
  }

  /** @returns {Promise<string>} */
  async function bearerToken() {
    const response = await withRetry(() =>
      fetch('/api/auth/token', { headers: { Accept: 'application/json', ...acceptLanguage } }),
    );
    const body = await readJson(response);
    if (response.ok && typeof body?.token === 'string') return body.token;
    throw new Error(response.status === 401 ? messages.signedOut : messages.serverError);
  }

  /**
   * @param {string} session
   * @param {number} points
   * @param {import('./replay.js').ReplayLog | undefined} replay
   * @returns {Promise<ScoreResult>}
   */
  async function send(session, points, replay) {
    const token = await bearerToken();
    const response = await withRetry(() =>
      fetch(scoreEndpoint(launch), {
        method: 'POST',
        headers: {
          'Content-Type': 'application/json',
          Accept: 'application/json',
          Authorization: `Bearer ${token}`,
          ...acceptLanguage,
        },
        body: JSON.stringify(replay ? { session, points, replay } : { session, points }),
      }),
    );
    onAnswered();
    const body = await readJson(response);
    if (response.ok && body?.payload) return body.payload;
    throw new Error(body?.statusMessage || messages.serverError);
  }

  /**
   * @param {number} points
   * @param {import('./replay.js').ReplayLog} [replay] the recorded run, for a game PlayOn replays
   * @returns {Promise<ScoreResult>}
   */
  function reportScore(points, replay) {
    if (pending) return pending;
    if (!launch.session) return Promise.reject(new Error(messages.notLaunched));
    let rounded;
    try {
      rounded = toPoints(points, messages);
    } catch (error) {
      return Promise.reject(error);
    }
    const session = launch.session;
    const attempt = isOnline()
      ? send(session, rounded, replay)
      : Promise.reject(new NetworkFailure(messages.offline));
    const sent = attempt.catch((error) => {
      if (!(error instanceof NetworkFailure)) throw error;
      // No answer: the run waits on the device, its session spent here, unless the device cannot keep it.
      const kept = keep({
        session,
        endpoint: scoreEndpoint(launch),
        points: rounded,
        ...(replay && { replay }),
        player: launch.player,
        tournamentId: launch.tournamentId,
        game: gameName,
        playedAt: new Date().toISOString(),
        state: 'waiting',
      });
      if (!kept) {
        pending = null;
        throw error;
      }
      onAnswered();
      throw new RunKept(session);
    });
    pending = sent;
    return sent;
  }

  return {
    reportScore,
    /** Whether a report can still be sent for this launch. */
    canReport: () => launch.session !== null && pending === null,
  };
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

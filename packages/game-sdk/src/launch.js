// @ts-check
import { gameLanguage } from './language.js';

/**
 * The query parameters of a launch URL. Same names as LAUNCH_PARAMS in packages/shared/src/games.ts
 * (a test holds them equal): this file is served as is to the browser and cannot import TypeScript.
 */
export const LAUNCH_PARAMS = Object.freeze({
  player: 'username',
  tournament: 'tournamentId',
  session: 'session',
  seed: 'seed',
  language: 'lang',
  challenge: 'challenge',
});

/**
 * What PlayOn told the game when it opened it.
 * @typedef {object} Launch
 * @property {string | null} player the player's id (`username`), or null when opened directly
 * @property {number | null} tournamentId the tournament this play counts for, or null
 * @property {string | null} session the signed play-session token; null means the score cannot be saved
 * @property {number | null} seed the seed of the run PlayOn will replay (a whole number below 2^32), or null
 * @property {import('./language.js').GameLanguage} language the player's language in PlayOn (`lang`), English by default
 * @property {string | null} challenge the code of the challenge this play answers, or null
 * @property {boolean} isFromPlayOn whether a play session came with the launch
 * @property {string} backUrl where 'Back to PlayOn' goes: the challenge's page, the tournament's leaderboard, else the dashboard
 */

/**
 * Reads the launch parameters from a query string such as `location.search`.
 * @param {string} search
 * @returns {Launch}
 */
export function readLaunch(search) {
  const params = new URLSearchParams(search);
  const player = params.get(LAUNCH_PARAMS.player) || null;
  const session = params.get(LAUNCH_PARAMS.session) || null;
  const tournamentId = positiveInteger(params.get(LAUNCH_PARAMS.tournament));
  const seed = uint32(params.get(LAUNCH_PARAMS.seed));
  const challenge = challengeCode(params.get(LAUNCH_PARAMS.challenge));
  return {
    player,
    tournamentId,
    session,
    seed,
    language: gameLanguage(params.get(LAUNCH_PARAMS.language)),
    challenge,
    isFromPlayOn: session !== null,
    backUrl: challenge === null ? backUrlFor(tournamentId) : `/challenges/${challenge}`,
  };
}

/**
 * @param {number | null} tournamentId
 * @returns {string}
 */
export function backUrlFor(tournamentId) {
  return tournamentId === null ? '/dashboard' : `/tournaments/leaderboard/${tournamentId}`;
}

/**
 * The API path a score of this launch goes to.
 * @param {Launch} launch
 * @returns {string}
 */
export function scoreEndpoint(launch) {
  if (launch.challenge !== null) return `/api/challenges/${launch.challenge}/answer`;
  return launch.tournamentId === null
    ? '/api/games/score'
    : `/api/tournament-leaderboards/${launch.tournamentId}`;
}

/**
 * Where 'Challenge a friend' leads after a saved run: PlayOn's screen that sends this run, which the
 * server finds by the spent session (it checks the run is the player's own).
 * @param {Launch} launch
 * @returns {string | null}
 */
export function challengeUrlFor(launch) {
  if (launch.session === null || launch.challenge !== null) return null;
  return `/challenges/new?run=${encodeURIComponent(launch.session)}`;
}

/**
 * @param {string | null} value
 * @returns {string | null}
 */
function challengeCode(value) {
  return value !== null && /^[A-Za-z0-9_-]{22}$/.test(value) ? value : null;
}

/**
 * A query string without the play session: once the server has answered a report the session is
 * spent, so a reload should start a practice round rather than a report the server refuses.
 * @param {string} search
 * @returns {string}
 */
export function withoutSession(search) {
  const params = new URLSearchParams(search);
  params.delete(LAUNCH_PARAMS.session);
  const rest = params.toString();
  return rest ? `?${rest}` : '';
}

/**
 * @param {string | null} value
 * @returns {number | null}
 */
function positiveInteger(value) {
  if (value === null || !/^\d+$/.test(value)) return null;
  const number = Number(value);
  return Number.isSafeInteger(number) && number > 0 ? number : null;
}

/**
 * @param {string | null} value
 * @returns {number | null}
 */
function uint32(value) {
  if (value === null || !/^\d{1,10}$/.test(value)) return null;
  const number = Number(value);
  return number <= 0xffffffff ? number : null;
}

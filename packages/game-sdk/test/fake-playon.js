// @ts-check
// A fake of the PlayOn API as the SDK sees it: routes answer by "METHOD path", every request is recorded.
import { readLaunch } from '../src/launch.js';

/**
 * @typedef {{ method: string, path: string, headers: Record<string, string>, body: any }} SentRequest
 * @typedef {Response | Error | (() => Response | Error)} Answer
 */

/**
 * @param {number} statusCode
 * @param {string} statusMessage
 * @param {unknown} payload
 */
export function envelope(statusCode, statusMessage, payload = null) {
  return new Response(JSON.stringify({ statusCode, statusMessage, payload }), {
    status: statusCode,
    headers: { 'Content-Type': 'application/json' },
  });
}

export const tokenAnswer = () => new Response(JSON.stringify({ token: 'player-token' }), { status: 200 });

/** @param {string} search */
export function launchFrom(search) {
  return readLaunch(search);
}

/**
 * @param {Record<string, Answer[]>} routes answers given in order; the last one repeats
 */
export function fakePlayOnApi(routes) {
  /** @type {SentRequest[]} */
  const requests = [];
  /** @type {import('../src/report.js').Fetch} */
  const fetch = async (path, init = {}) => {
    const method = init.method ?? 'GET';
    requests.push({
      method,
      path,
      headers: /** @type {Record<string, string>} */ (init.headers ?? {}),
      body: typeof init.body === 'string' ? JSON.parse(init.body) : null,
    });
    const answers = routes[`${method} ${path}`];
    if (!answers || answers.length === 0) throw new Error(`No fake answer for ${method} ${path}`);
    const answer = answers.length > 1 ? answers.shift() : answers[0];
    const value = typeof answer === 'function' ? answer() : answer;
    if (value instanceof Error) throw value;
    return /** @type {Response} */ (value).clone();
  };
  /** @type {number[]} */
  const waits = [];
  /** @param {number} ms */
  const wait = async (ms) => {
    waits.push(ms);
  };
  const scoreReports = () => requests.filter((request) => request.method === 'POST');
  return { fetch, wait, requests, waits, scoreReports };
}

// @ts-check
import { describe, expect, it } from 'vitest';
import { createReporter, RETRY_DELAYS_MS, reportMessages, toPoints } from '../src/report.js';
import { envelope, fakePlayOnApi, launchFrom, tokenAnswer } from './fake-playon.js';

const saved = (points = 57.5, best = 80, rank = /** @type {number | null} */ (3)) =>
  envelope(200, 'Score saved', { points, best, rank });
const tournamentLaunch = launchFrom('?username=u-1&tournamentId=7&session=signed-session');
const freeLaunch = launchFrom('?username=u-1&session=signed-session');

/**
 * @param {import('../src/launch.js').Launch} launch
 * @param {ReturnType<typeof fakePlayOnApi>} api
 */
const reporterFor = (launch, api) => createReporter({ launch, fetch: api.fetch, wait: api.wait });

describe('reporting the score of a tournament play', () => {
  it('posts the session and points with the bearer token to the leaderboard and gives back the rank', async () => {
    const api = fakePlayOnApi({
      'GET /api/auth/token': [tokenAnswer()],
      'POST /api/tournament-leaderboards/7': [saved()],
    });
    const result = await reporterFor(tournamentLaunch, api).reportScore(57.5);
    expect(result).toEqual({ points: 57.5, best: 80, rank: 3 });
    const [token, report] = api.requests;
    expect(token?.path).toBe('/api/auth/token');
    expect(report).toMatchObject({
      method: 'POST',
      path: '/api/tournament-leaderboards/7',
      body: { session: 'signed-session', points: 57.5 },
    });
    expect(report?.headers.Authorization).toBe('Bearer player-token');
  });
});

describe('reporting the score of a game PlayOn replays', () => {
  it('posts the recorded play with the points, and nothing more when there is none', async () => {
    const api = fakePlayOnApi({ 'GET /api/auth/token': [tokenAnswer()], 'POST /api/games/score': [saved()] });
    const replay = {
      frames: 600,
      inputs: /** @type {Array<[number, string]>} */ ([
        [12, 'up'],
        [40, 'left'],
      ]),
    };
    await reporterFor(freeLaunch, api).reportScore(30, replay);
    expect(api.scoreReports()[0]?.body).toEqual({ session: 'signed-session', points: 30, replay });
    const plain = fakePlayOnApi({
      'GET /api/auth/token': [tokenAnswer()],
      'POST /api/games/score': [saved()],
    });
    await reporterFor(freeLaunch, plain).reportScore(30);
    expect(plain.scoreReports()[0]?.body).toEqual({ session: 'signed-session', points: 30 });
  });
});

describe('reporting the score of a play outside a tournament', () => {
  it('posts to the game scores', async () => {
    const api = fakePlayOnApi({
      'GET /api/auth/token': [tokenAnswer()],
      'POST /api/games/score': [saved(12, 40, null)],
    });
    expect(await reporterFor(freeLaunch, api).reportScore(12)).toEqual({ points: 12, best: 40, rank: null });
    expect(api.scoreReports().map((request) => request.path)).toEqual(['/api/games/score']);
  });

  it('rounds the points to two decimals before sending them', async () => {
    const api = fakePlayOnApi({ 'GET /api/auth/token': [tokenAnswer()], 'POST /api/games/score': [saved()] });
    await reporterFor(freeLaunch, api).reportScore(57.456);
    expect(api.scoreReports()[0]?.body.points).toBe(57.46);
  });
});

describe('one report per play', () => {
  it('sends once when the game reports twice, and both calls get the same answer', async () => {
    const api = fakePlayOnApi({ 'GET /api/auth/token': [tokenAnswer()], 'POST /api/games/score': [saved()] });
    const reporter = reporterFor(freeLaunch, api);
    const [first, second] = await Promise.all([reporter.reportScore(57.5), reporter.reportScore(99)]);
    expect(second).toBe(first);
    expect(api.scoreReports()).toHaveLength(1);
    expect(reporter.canReport()).toBe(false);
  });

  it('never sends again once the server refused the score', async () => {
    const refusal = envelope(422, 'This score is not possible in this game.');
    const api = fakePlayOnApi({ 'GET /api/auth/token': [tokenAnswer()], 'POST /api/games/score': [refusal] });
    const reporter = reporterFor(freeLaunch, api);
    await expect(reporter.reportScore(1e9)).rejects.toThrow('This score is not possible in this game.');
    await expect(reporter.reportScore(10)).rejects.toThrow('This score is not possible in this game.');
    expect(api.scoreReports()).toHaveLength(1);
  });
});

describe('when the server says no', () => {
  it("shows the server's message and does not retry a 4xx", async () => {
    const used = envelope(409, 'This play session has already reported its score.');
    const api = fakePlayOnApi({
      'GET /api/auth/token': [tokenAnswer()],
      'POST /api/games/score': [used, saved()],
    });
    await expect(reporterFor(freeLaunch, api).reportScore(5)).rejects.toThrow(
      'This play session has already reported its score.',
    );
    expect(api.scoreReports()).toHaveLength(1);
    expect(api.waits).toEqual([]);
  });

  it('asks the player to sign in again when PlayOn gives no token, without sending the score', async () => {
    const api = fakePlayOnApi({ 'GET /api/auth/token': [new Response(null, { status: 401 })] });
    await expect(reporterFor(freeLaunch, api).reportScore(5)).rejects.toThrow(reportMessages.signedOut);
    expect(api.scoreReports()).toHaveLength(0);
  });

  it('says PlayOn could not save the score when the answer is not PlayOn JSON', async () => {
    const gateway = new Response('<html>Bad gateway</html>', { status: 502 });
    const api = fakePlayOnApi({ 'GET /api/auth/token': [tokenAnswer()], 'POST /api/games/score': [gateway] });
    await expect(reporterFor(freeLaunch, api).reportScore(5)).rejects.toThrow(reportMessages.serverError);
  });
});

describe('on a shaky mobile connection', () => {
  it('tries again after a network failure, waiting longer each time', async () => {
    const offline = () => new TypeError('Failed to fetch');
    const api = fakePlayOnApi({
      'GET /api/auth/token': [offline, tokenAnswer()],
      'POST /api/games/score': [offline, offline, saved()],
    });
    expect(await reporterFor(freeLaunch, api).reportScore(57.5)).toMatchObject({ points: 57.5 });
    expect(api.waits).toEqual([RETRY_DELAYS_MS[0], RETRY_DELAYS_MS[0], RETRY_DELAYS_MS[1]]);
    expect(api.scoreReports()).toHaveLength(3);
  });

  it('gives up with a connection message, and a later report may try again', async () => {
    const api = fakePlayOnApi({
      'GET /api/auth/token': [tokenAnswer()],
      'POST /api/games/score': [() => new TypeError('x')],
    });
    const reporter = reporterFor(freeLaunch, api);
    await expect(reporter.reportScore(5)).rejects.toThrow(reportMessages.offline);
    expect(api.scoreReports()).toHaveLength(1 + RETRY_DELAYS_MS.length);
    expect(reporter.canReport()).toBe(true);
  });
});

describe('scores that cannot be sent', () => {
  it('refuses a negative or non-number score without asking the server', async () => {
    const api = fakePlayOnApi({});
    const reporter = reporterFor(freeLaunch, api);
    await expect(reporter.reportScore(-1)).rejects.toThrow(reportMessages.badPoints);
    await expect(reporter.reportScore(Number.NaN)).rejects.toThrow(reportMessages.badPoints);
    expect(api.requests).toEqual([]);
    expect(reporter.canReport()).toBe(true);
  });

  it('tells a player who opened the game directly to open it from PlayOn', async () => {
    const api = fakePlayOnApi({});
    await expect(reporterFor(launchFrom(''), api).reportScore(5)).rejects.toThrow(reportMessages.notLaunched);
    expect(api.requests).toEqual([]);
  });

  it('keeps whole numbers whole and drops what is past the second decimal', () => {
    expect(toPoints(57)).toBe(57);
    expect(toPoints(0.1 + 0.2)).toBe(0.3);
    expect(toPoints(9.999)).toBe(10);
  });
});

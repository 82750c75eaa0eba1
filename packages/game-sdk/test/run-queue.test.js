// @ts-check
import { describe, expect, it } from 'vitest';
import { createReporter, RunKept } from '../src/report.js';
import { forgetRun, keepRun, keptRuns, RUN_KEY_PREFIX, sendKeptRuns } from '../src/run-queue.js';
import { envelope, fakePlayOnApi, launchFrom, tokenAnswer } from './fake-playon.js';

/** A localStorage of its own for each test. */
function memoryStorage() {
  const items = new Map();
  return {
    get length() {
      return items.size;
    },
    /** @param {number} index */
    key: (index) => [...items.keys()][index] ?? null,
    /** @param {string} key */
    getItem: (key) => items.get(key) ?? null,
    /** @param {string} key @param {string} value */
    setItem: (key, value) => void items.set(key, String(value)),
    /** @param {string} key */
    removeItem: (key) => void items.delete(key),
  };
}

/** @returns {import('../src/run-queue.js').QueuedRun} */
const run = (session = 'id-1.sig', player = 'u-1', points = 120) => ({
  session,
  endpoint: '/api/tournament-leaderboards/7',
  points,
  player,
  tournamentId: 7,
  game: 'Matatu Rush',
  playedAt: `2026-11-29T08:00:0${session.length % 10}.000Z`,
  state: 'waiting',
});

describe('the runs kept on the phone', () => {
  it('are kept by session id, so keeping one twice keeps it once, and forgotten by its token', () => {
    const storage = memoryStorage();
    expect(keepRun(run(), storage)).toBe(true);
    expect(keepRun({ ...run(), points: 120 }, storage)).toBe(true);
    expect(keepRun(run('id-2.sig', 'u-2'), storage)).toBe(true);
    expect(keptRuns({ storage })).toHaveLength(2);
    expect(keptRuns({ storage, player: 'u-1' }).map((kept) => kept.session)).toEqual(['id-1.sig']);
    expect(storage.getItem(`${RUN_KEY_PREFIX}id-1`)).not.toBeNull();
    forgetRun('id-1.sig', storage);
    expect(keptRuns({ storage, player: 'u-1' })).toEqual([]);
  });

  it('are kept by the reporter when the device has no network, at once and without a request', async () => {
    const storage = memoryStorage();
    const api = fakePlayOnApi({});
    let answered = 0;
    const reporter = createReporter({
      launch: launchFrom('?username=u-1&tournamentId=7&session=id-9.sig'),
      fetch: api.fetch,
      wait: api.wait,
      isOnline: () => false,
      keep: (kept) => keepRun(kept, storage),
      gameName: 'Matatu Rush',
      onAnswered: () => answered++,
    });
    await expect(reporter.reportScore(88, { frames: 60, inputs: [[3, 'left']] })).rejects.toBeInstanceOf(
      RunKept,
    );
    expect(api.requests).toEqual([]);
    expect(answered).toBe(1);
    expect(reporter.canReport()).toBe(false);
    expect(keptRuns({ storage })).toEqual([
      expect.objectContaining({
        session: 'id-9.sig',
        endpoint: '/api/tournament-leaderboards/7',
        points: 88,
        replay: { frames: 60, inputs: [[3, 'left']] },
        player: 'u-1',
        tournamentId: 7,
        game: 'Matatu Rush',
        state: 'waiting',
      }),
    ]);
  });

  it('are kept when the network fails through every retry, and not when the device cannot keep them', async () => {
    const storage = memoryStorage();
    const failing = () => fakePlayOnApi({ 'GET /api/auth/token': [new TypeError('Failed to fetch')] });
    const api = failing();
    const launch = launchFrom('?username=u-1&session=id-3.sig');
    const keeping = createReporter({
      launch,
      fetch: api.fetch,
      wait: api.wait,
      keep: (kept) => keepRun(kept, storage),
    });
    await expect(keeping.reportScore(10)).rejects.toBeInstanceOf(RunKept);
    expect(keptRuns({ storage })[0]?.endpoint).toBe('/api/games/score');
    const full = failing();
    const notKeeping = createReporter({ launch, fetch: full.fetch, wait: full.wait, keep: () => false });
    await expect(notKeeping.reportScore(10)).rejects.not.toBeInstanceOf(RunKept);
    expect(notKeeping.canReport()).toBe(true);
  });
});

describe('sending the kept runs', () => {
  it('forgets a run counted, keeps a refused one with its reason, and stops at the first without an answer', async () => {
    const storage = memoryStorage();
    keepRun({ ...run('id-1.sig'), playedAt: '2026-11-29T08:00:01.000Z' }, storage);
    keepRun(
      { ...run('id-2.sig'), playedAt: '2026-11-29T08:00:02.000Z', endpoint: '/api/games/score' },
      storage,
    );
    keepRun({ ...run('id-3.sig', 'u-2'), playedAt: '2026-11-29T08:00:03.000Z' }, storage);
    const api = fakePlayOnApi({
      'GET /api/auth/token': [tokenAnswer()],
      'POST /api/tournament-leaderboards/7': [
        envelope(200, 'Score saved.', { points: 120, best: 120, rank: 2 }),
      ],
      'POST /api/games/score': [
        envelope(409, 'This play session has expired. Start the game again from PlayOn.'),
      ],
    });
    /** @type {string[]} */
    const sent = [];
    const outcomes = await sendKeptRuns({
      storage,
      player: 'u-1',
      fetch: api.fetch,
      language: 'sw',
      onSent: (kept) => sent.push(kept.session),
    });
    expect(outcomes.map((outcome) => outcome.outcome)).toEqual(['sent', 'refused']);
    expect(sent).toEqual(['id-1.sig']);
    expect(api.scoreReports().map((request) => request.headers['Accept-Language'])).toEqual(['sw', 'sw']);
    expect(keptRuns({ storage, player: 'u-1' })).toEqual([
      expect.objectContaining({
        session: 'id-2.sig',
        state: 'refused',
        reason: 'This play session has expired. Start the game again from PlayOn.',
      }),
    ]);
    // Another player's run waits for them.
    expect(keptRuns({ storage, player: 'u-2' })).toHaveLength(1);

    keepRun({ ...run('id-4.sig'), playedAt: '2026-11-29T08:00:04.000Z' }, storage);
    keepRun({ ...run('id-5.sig'), playedAt: '2026-11-29T08:00:05.000Z' }, storage);
    const down = fakePlayOnApi({
      'GET /api/auth/token': [tokenAnswer()],
      'POST /api/tournament-leaderboards/7': [envelope(503, 'Busy')],
    });
    const later = await sendKeptRuns({ storage, player: 'u-1', fetch: down.fetch });
    expect(later).toEqual([{ outcome: 'unsent' }]);
    expect(keptRuns({ storage, player: 'u-1' }).filter((kept) => kept.state === 'waiting')).toHaveLength(2);
  });
});

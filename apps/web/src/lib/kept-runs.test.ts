import { keepRun, RUN_KEY_PREFIX as SDK_RUN_KEY_PREFIX } from '@playon/game-sdk/run-queue';
import { afterEach, describe, expect, it } from 'vitest';
import { hasKeptRuns, RUN_KEY_PREFIX } from './kept-runs';

afterEach(() => localStorage.clear());

describe('kept runs, as a first screen asks', () => {
  it("reads the runs under the SDK's own key prefix", () => {
    expect(RUN_KEY_PREFIX).toBe(SDK_RUN_KEY_PREFIX);
  });

  it('sees a run a game kept, and none otherwise', () => {
    localStorage.setItem('playon:offline-sessions', '[]');
    expect(hasKeptRuns()).toBe(false);
    keepRun({
      session: 'id-1.sig',
      endpoint: '/api/games/score',
      points: 12,
      player: 'u-1',
      tournamentId: null,
      game: 'Matatu Rush',
      playedAt: '2026-11-29T08:00:00.000Z',
      state: 'waiting',
    });
    expect(hasKeptRuns()).toBe(true);
  });
});

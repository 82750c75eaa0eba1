// A genuine run of Matatu Rush, recorded as its page records one: the game's own simulation.js
// through the SDK's recorder, steered by the game's careful test driver, from the session's seed.
// The server replays the log and keeps the points only if it reaches them exactly (ADR 0015).
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { ReplayLog } from '@playon/shared/games';

interface Recording {
  state: unknown;
  frames: number;
  log(): ReplayLog;
}

const gameDir = fileURLToPath(new URL('../../games/matatu-rush', import.meta.url));
// Through variables, so TypeScript does not look for types of these JavaScript modules.
const driver = (await import(join(gameDir, 'test/driver.js'))) as {
  recordDrive(options: { seed: number; seconds: number }): Recording;
};
const { simulation } = (await import(join(gameDir, 'simulation.js'))) as {
  simulation: { score(state: unknown): number };
};

export interface GameRun {
  points: number;
  replay: ReplayLog;
  /** How long the run lasted: the report may not come sooner after the session started. */
  playedMs: number;
}

/** The seed the launch address carries. */
export function seedOf(launchUrl: string): number {
  return Number(new URL(launchUrl, 'http://launch').searchParams.get('seed'));
}

export function playRun(seed: number, seconds: number): GameRun {
  const recording = driver.recordDrive({ seed, seconds });
  return {
    points: simulation.score(recording.state),
    replay: recording.log(),
    playedMs: Math.ceil((recording.frames * 1000) / 60),
  };
}

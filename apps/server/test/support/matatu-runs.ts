import type { ReplayLog } from '@playon/shared/games';
import { eq } from 'drizzle-orm';
import { playSessions } from '../../src/modules/games/service.ts';
import type { TestApp } from './app.ts';

/**
 * Real plays of Matatu Rush for score reports (ADR 0015): the careful player of the game's own tests
 * drives from a session's seed, its steering recorded by the SDK as the game page records it.
 */
interface Recording {
  state: unknown;
  log(): ReplayLog;
}
const gameFile = (path: string) => new URL(`../../../../games/matatu-rush/${path}`, import.meta.url).href;
// Imported at run time: they are the game's browser modules, plain JavaScript without declarations.
const driver = (await import(gameFile('test/driver.js'))) as {
  recordDrive(options: { seed: number; seconds: number }): Recording;
};
const { simulation } = (await import(gameFile('simulation.js'))) as {
  simulation: { score(state: unknown): number };
};

/** The seed a launch address gives the game, or null when the game is not replayed. */
export function seedOf(launchUrl: string): number | null {
  const seed = new URL(launchUrl, 'http://localhost').searchParams.get('seed');
  return seed === null ? null : Number(seed);
}

/** A play of up to `seconds` from this seed, as the report sends it: its points and its replay log. */
export function recordMatatuRun(seed: number | null, seconds: number): { points: number; replay: ReplayLog } {
  if (seed === null) throw new Error('the launch address gave no seed');
  const recording = driver.recordDrive({ seed, seconds });
  return { points: simulation.score(recording.state), replay: recording.log() };
}

/** The player has been in the game this long since 'Play now' (the session token's id, aged). */
export async function playedFor(t: TestApp, sessionToken: string, seconds: number) {
  const id = sessionToken.split('.')[0] ?? '';
  await t.database.db
    .update(playSessions)
    .set({ startedAt: new Date(Date.now() - seconds * 1000) })
    .where(eq(playSessions.id, id));
}

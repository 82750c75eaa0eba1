// What a score report of a replayed game costs the server: long plays of the demo games, recorded by
// scripted players on the SDK's page clock, then replayed through the server's own loader (the same
// SDK driver and simulation.js files a report goes through). Also the hostile case: two hours of
// frames without an input, the most a session allows.
// Usage: node bench/replay.ts [minutes=120]
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { ReplayLog } from '@playon/shared/games';
import { createReplays } from '../apps/server/src/modules/games/replay.ts';

const minutes = Number(process.argv[2] ?? 120);
const maxFrames = Math.round(minutes * 60 * 60);
const gamesDir = fileURLToPath(new URL('../games', import.meta.url));

interface Recording<State> {
  state: State;
  frames: number;
  press(input: string): void;
  advance(elapsedMs: number): void;
  log(): ReplayLog;
}
interface Sdk {
  FRAME_MS: number;
  recordRun<State>(
    simulation: unknown,
    options: { seed: number; setup?: Record<string, number> },
  ): Recording<State>;
}
interface Cell {
  x: number;
  y: number;
}
interface SnakeRun {
  game: { snake: Cell[]; direction: string; turns: string[]; isAlive: boolean; rows: number; cols: number };
}

// Variables, so TypeScript does not look for types of these JavaScript modules.
const sdkModule = '@playon/game-sdk/replay';
const sdk = (await import(sdkModule)) as Sdk;
const load = async (slug: string, file: string) => import(join(gamesDir, slug, file));
const matatuDriver = (await load('matatu-rush', 'test/driver.js')) as {
  recordDrive(options: { seed: number; seconds: number }): Recording<unknown>;
};
const snake = (await load('savanna-snake', 'simulation.js')).simulation;
const merge = (await load('tile-merge', 'simulation.js')).simulation;

/** A snake that follows a cycle through every cell (row by row, back up the first column): it fills the board. */
function cycleDirection({ x, y }: Cell, cols: number, rows: number): string {
  if (x === 0) return y === 0 ? 'right' : 'up';
  if (y % 2 === 0) return x < cols - 1 ? 'right' : 'down';
  if (x > 1) return 'left';
  return y === rows - 1 ? 'left' : 'down';
}

function recordSnake(seed: number) {
  const setup = { cols: 15, rows: 26 };
  const run = sdk.recordRun<SnakeRun>(snake, { seed, setup });
  while (run.state.game.isAlive && run.frames < maxFrames) {
    const { snake: body, direction, turns } = run.state.game;
    const wanted = cycleDirection(body[0] as Cell, setup.cols, setup.rows);
    if (wanted !== (turns.at(-1) ?? direction)) run.press(wanted);
    run.advance(sdk.FRAME_MS);
  }
  return run;
}

function recordMerge(seed: number) {
  const run = sdk.recordRun<unknown>(merge, { seed });
  const cycle = ['left', 'down', 'right', 'down'];
  for (let move = 0; run.frames < maxFrames && !merge.isOver(run.state); move++) {
    run.press(cycle[move % cycle.length] as string);
    for (let frame = 0; frame < 30; frame++) run.advance(sdk.FRAME_MS);
  }
  return run;
}

const replays = createReplays(gamesDir);
await replays.load(['matatu-rush', 'savanna-snake', 'tile-merge']);

/** The fastest of three replays (the first also warms the JIT), and the hour of play it extrapolates to. */
async function measure(label: string, slug: string, seed: number, log: ReplayLog) {
  let ms = Number.POSITIVE_INFINITY;
  let score = 0;
  for (let round = 0; round < 3; round++) {
    const started = performance.now();
    const outcome = await replays.replay(slug, seed, log);
    ms = Math.min(ms, performance.now() - started);
    if (!outcome.isValid)
      throw new Error(`${label}: the replay refused its own recording (${outcome.reason})`);
    score = outcome.score;
  }
  const playedS = (log.frames * sdk.FRAME_MS) / 1000;
  const perHour = (ms / Math.max(1, playedS)) * 3600;
  console.log(
    `replay game=${label} frames=${log.frames} played_s=${Math.round(playedS)} inputs=${log.inputs.length} score=${score} ms=${ms.toFixed(1)} ms_per_hour_played=${perHour.toFixed(0)}`,
  );
  return { ms, perHour };
}

const seed = 20_240_601;
const results = [
  await measure(
    'matatu-rush',
    'matatu-rush',
    seed,
    matatuDriver.recordDrive({ seed, seconds: minutes * 60 }).log(),
  ),
  await measure('savanna-snake', 'savanna-snake', seed, recordSnake(seed).log()),
  await measure('tile-merge', 'tile-merge', seed, recordMerge(seed).log()),
  await measure('tile-merge(idle)', 'tile-merge', seed, { frames: maxFrames, inputs: [] }),
];
const worst = Math.max(...results.map((result) => result.ms));
const perHour = Math.max(...results.map((result) => result.perHour));
console.log(
  `replay summary runs=${results.length} worst_ms=${worst.toFixed(1)} worst_ms_per_hour_played=${perHour.toFixed(0)} load=${loadavg()[0]?.toFixed(1)}`,
);

// The scripted players of scripts/record-trailers.ts: each plans a whole run in Node with the game's own
// simulation.js (the same code the page and the server's replay run), so the recorded clip shows a
// good run and not a crash in the first second. A plan is the seed, the board and each input with
// the frame (1/60 s) it is pressed on.
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

export type Direction = 'up' | 'down' | 'left' | 'right';
export interface Plan {
  seed: number;
  setup: Record<string, number>;
  /** [frame, input], frames counted from the Start press. */
  inputs: Array<[number, Direction]>;
  frames: number;
  /** The score the page must show at the last frame if it ran exactly as planned. */
  score: number;
}

interface Simulation<State> {
  inputs: readonly string[];
  start: (random: () => number, setup: Record<string, number>) => State;
  input: (state: State, input: string, random: () => number) => State;
  step: (state: State, random: () => number) => State;
  isOver: (state: State) => boolean;
  score: (state: State) => number;
}

const root = join(import.meta.dirname, '..');
const load = async <T>(path: string): Promise<T> => (await import(pathToFileURL(join(root, path)).href)) as T;
const { seededRandom } = await load<{ seededRandom: (seed: number) => () => number }>(
  'packages/game-sdk/src/replay.js',
);
const simulationOf = async <State>(slug: string) =>
  (await load<{ simulation: Simulation<State> }>(`games/${slug}/simulation.js`)).simulation;

/** Runs a plan frame by frame; null when the run ends before its last frame. */
function play<State>(sim: Simulation<State>, plan: Omit<Plan, 'score'>, shift = 0): State | null {
  const random = seededRandom(plan.seed);
  let state = sim.start(random, plan.setup);
  const inputs = plan.inputs.map(([frame, input]) => [Math.max(0, frame + shift), input] as const);
  for (let frame = 0, next = 0; frame < plan.frames; frame++) {
    for (; next < inputs.length && inputs[next]?.[0] === frame; next++) {
      state = sim.input(state, (inputs[next] as readonly [number, string])[1], random);
    }
    state = sim.step(state, random);
    if (sim.isOver(state)) return null;
  }
  return state;
}

/**
 * A plan that also survives when every press lands up to `slack` frames early or late: the browser's
 * clock is driven in steps that need not fall on the simulation's frames.
 */
function isRobust<State>(sim: Simulation<State>, plan: Omit<Plan, 'score'>, slack: number) {
  for (let shift = -slack; shift <= slack; shift++) if (!play(sim, plan, shift)) return false;
  return true;
}

// ---- Matatu Rush: a depth-first search over a lane change (or none) every DECIDE_EVERY frames.

const DECIDE_EVERY = 6;

export async function planMatatu(frames: number): Promise<Plan> {
  type Run = { isCrashed: boolean };
  const sim = await simulationOf<Run>('matatu-rush');
  for (let seed = 1; seed < 200; seed++) {
    const taste = seededRandom(seed * 7919);
    const inputs: Array<[number, Direction]> = [];
    let budget = 200_000;
    const search = (state: Run, frame: number, calls: number): boolean => {
      if (frame >= frames) return true;
      if (--budget < 0) return false;
      // Mostly keep the lane; now and then change it anyway, so the clip shows some driving.
      const sides: Direction[] = taste() < 0.5 ? ['left', 'right'] : ['right', 'left'];
      const choices = taste() < 0.08 ? [...sides, null] : [null, ...sides];
      for (const choice of choices) {
        const random = rewindable(seed, calls);
        let next = choice ? sim.input(state, choice, random) : state;
        for (let i = 0; i < DECIDE_EVERY && !sim.isOver(next); i++) next = sim.step(next, random);
        if (sim.isOver(next)) continue;
        if (choice) inputs.push([frame, choice]);
        if (search(next, frame + DECIDE_EVERY, random.calls)) return true;
        if (choice) inputs.pop();
      }
      return false;
    };
    const random = rewindable(seed);
    if (!search(sim.start(random, {}), 0, random.calls)) continue;
    const plan = { seed, setup: {}, inputs, frames };
    if (isRobust(sim, plan, 3)) return withScore(sim, plan);
  }
  throw new Error('no Matatu Rush run survives the whole clip');
}

/** The game's random source from `seed`, `calls` numbers in: the search tries several futures of one state. */
function rewindable(seed: number, calls = 0) {
  const source = seededRandom(seed);
  for (let i = 0; i < calls; i++) source();
  const next = Object.assign(
    () => {
      next.calls++;
      return source();
    },
    { calls },
  );
  return next;
}

// ---- Tile Merge: every MOVE_EVERY frames, the slide that scores most and leaves the most room.

const MOVE_EVERY = 30;

export async function planTileMerge(frames: number): Promise<Plan> {
  type Run = { board: number[]; score: number };
  const sim = await simulationOf<Run>('tile-merge');
  const seed = 2026;
  const random = seededRandom(seed);
  let state = sim.start(random, {});
  const inputs: Array<[number, Direction]> = [];
  const directions: Direction[] = ['left', 'down', 'right', 'up'];
  for (let frame = MOVE_EVERY; frame < frames - MOVE_EVERY / 2; frame += MOVE_EVERY) {
    // Judged on a throwaway source: the real one is spent only by the slide chosen.
    const value = (direction: Direction) => {
      const next = sim.input(state, direction, seededRandom(frame));
      if (next === state) return -1;
      // Keep the big tiles in a corner: a player's habit, and it keeps the board alive.
      const corner = next.board[12] ?? 0;
      return next.score - state.score + 4 * next.board.filter((tile) => tile === 0).length + corner / 8;
    };
    const best = directions.reduce((a, b) => (value(b) > value(a) ? b : a));
    if (value(best) < 0) break;
    state = sim.input(state, best, random);
    inputs.push([frame, best]);
  }
  return withScore(sim, { seed, setup: {}, inputs, frames });
}

// ---- Savanna Snake: after each step, the shortest way to the fruit that leaves the snake room.

type Cell = { x: number; y: number };
interface SnakeGame {
  cols: number;
  rows: number;
  snake: Cell[];
  direction: Direction;
  food: Cell | null;
  isAlive: boolean;
}
const STEP: Record<Direction, Cell> = {
  up: { x: 0, y: -1 },
  down: { x: 0, y: 1 },
  left: { x: -1, y: 0 },
  right: { x: 1, y: 0 },
};
const OPPOSITE: Record<Direction, Direction> = { up: 'down', down: 'up', left: 'right', right: 'left' };

export async function planSnake(frames: number, setup: { cols: number; rows: number }): Promise<Plan> {
  type Run = { game: SnakeGame };
  const sim = await simulationOf<Run>('savanna-snake');
  const seed = 7;
  const random = seededRandom(seed);
  let state = sim.start(random, setup);
  const inputs: Array<[number, Direction]> = [];
  let lastHead = state.game.snake[0];
  let pressAt: number | null = 0;
  let stepFrames = 10;
  let lastStepFrame = 0;
  for (let frame = 0; frame < frames; frame++) {
    if (pressAt === frame) {
      const way = wayToFood(state.game);
      if (way !== state.game.direction) {
        state = sim.input(state, way, random);
        inputs.push([frame, way]);
      }
      pressAt = null;
    }
    state = sim.step(state, random);
    if (sim.isOver(state)) throw new Error('the snake plan ran into something');
    if (state.game.snake[0] !== lastHead) {
      lastHead = state.game.snake[0];
      stepFrames = frame - lastStepFrame;
      lastStepFrame = frame;
      // Halfway to the next step: a press a few frames early or late still turns on that step.
      pressAt = frame + Math.max(1, Math.floor(stepFrames / 2));
    }
  }
  const plan = { seed, setup, inputs, frames };
  if (!isRobust(sim, plan, 1)) throw new Error('the snake plan depends on exact frames');
  return withScore(sim, plan);
}

/** The first move of the shortest safe path to the fruit, else the move that keeps the most room. */
function wayToFood(game: SnakeGame): Direction {
  const key = (cell: Cell) => cell.y * game.cols + cell.x;
  const head = game.snake[0] as Cell;
  const blocked = new Set(game.snake.slice(0, -1).map(key));
  const inside = (cell: Cell) => cell.x >= 0 && cell.y >= 0 && cell.x < game.cols && cell.y < game.rows;
  const moves = (Object.keys(STEP) as Direction[]).filter((d) => d !== OPPOSITE[game.direction]);
  const target = (d: Direction) => ({ x: head.x + STEP[d].x, y: head.y + STEP[d].y });
  const room = (from: Cell) => {
    const seen = new Set([...blocked, key(from)]);
    const queue = [from];
    let count = 0;
    for (let cell = queue.shift(); cell; cell = queue.shift()) {
      count++;
      for (const step of Object.values(STEP)) {
        const next = { x: cell.x + step.x, y: cell.y + step.y };
        if (inside(next) && !seen.has(key(next))) {
          seen.add(key(next));
          queue.push(next);
        }
      }
    }
    return count;
  };
  const safe = moves.filter((d) => inside(target(d)) && !blocked.has(key(target(d))));
  const roomy = safe.filter((d) => room(target(d)) > game.snake.length * 2);
  const food = game.food;
  const distance = (d: Direction) =>
    food ? Math.abs(target(d).x - food.x) + Math.abs(target(d).y - food.y) : 0;
  const pick = (roomy.length ? roomy : safe).sort((a, b) => distance(a) - distance(b))[0];
  return pick ?? game.direction;
}

function withScore<State>(sim: Simulation<State>, plan: Omit<Plan, 'score'>): Plan {
  const end = play(sim, plan);
  if (!end) throw new Error('the plan does not survive');
  return { ...plan, score: sim.score(end) };
}

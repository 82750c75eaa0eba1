// @ts-check
// Savanna Snake as PlayOn replays it (game.json "scoring": "replay"): the page and the server run
// these same frames from the launch's seed and board size, so a score counts only if the recorded
// turns reach it.
import { createGame, LONG_SIDE_MAX, SHORT_SIDE, step, stepMs, turn } from './snake.js';

/**
 * Game time is counted in sixtieths of a millisecond, so that one frame (1/60 s) is exactly 1000
 * of them and a step is due at exactly the same frame on every machine.
 */
const UNITS_PER_FRAME = 1000;
const UNITS_PER_MS = 60;

/**
 * @typedef {import('./snake.js').SnakeGame} SnakeGame
 * @typedef {{ game: SnakeGame, sinceStep: number }} SnakeRun
 */

/**
 * A board the page can make (gridFor): SHORT_SIDE cells on one side, up to LONG_SIDE_MAX on the other.
 * @param {Record<string, number>} setup
 */
export function boardOf({ cols, rows }) {
  const isSide = (/** @type {unknown} */ n) =>
    Number.isInteger(n) &&
    /** @type {number} */ (n) >= SHORT_SIDE &&
    /** @type {number} */ (n) <= LONG_SIDE_MAX;
  if (
    !isSide(cols) ||
    !isSide(rows) ||
    Math.min(/** @type {number} */ (cols), /** @type {number} */ (rows)) !== SHORT_SIDE
  ) {
    throw new Error('Savanna Snake is played on a board of 15 cells by 15 to 30');
  }
  return { cols: /** @type {number} */ (cols), rows: /** @type {number} */ (rows) };
}

/** @type {import('/play/sdk/replay.js').Simulation<SnakeRun>} */
export const simulation = {
  inputs: ['up', 'down', 'left', 'right'],
  start: (random, setup) => ({ game: createGame(boardOf(setup), random), sinceStep: 0 }),
  input: (run, input) => ({
    ...run,
    game: turn(run.game, /** @type {import('./snake.js').Direction} */ (input)),
  }),
  step(run, random) {
    let { game, sinceStep } = run;
    sinceStep += UNITS_PER_FRAME;
    while (game.isAlive && sinceStep >= stepMs(game.eaten) * UNITS_PER_MS) {
      sinceStep -= stepMs(game.eaten) * UNITS_PER_MS;
      game = step(game, random);
    }
    return { game, sinceStep };
  },
  isOver: (run) => !run.game.isAlive,
  score: (run) => run.game.score,
};

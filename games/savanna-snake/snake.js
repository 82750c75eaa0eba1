// @ts-check
// The rules of Savanna Snake: pure functions over an immutable state, no DOM.

/** The board's short side in cells; the long side follows the screen, between these bounds. */
export const SHORT_SIDE = 15;
export const LONG_SIDE_MAX = 30;
export const START_LENGTH = 3;
export const POINTS_PER_FOOD = 10;
/** Every food but the starting body's cells eaten on the largest board (game.json's maxPoints). */
export const MAX_POINTS = (SHORT_SIDE * LONG_SIDE_MAX - START_LENGTH) * POINTS_PER_FOOD;
export const SLOWEST_STEP_MS = 160;
export const FASTEST_STEP_MS = 70;
const SPEED_UP_MS_PER_FOOD = 4;
const MAX_QUEUED_TURNS = 2;

/**
 * @typedef {import('/play/sdk/playon-input.js').Direction} Direction
 * @typedef {{ x: number, y: number }} Cell
 * @typedef {object} SnakeGame
 * @property {number} cols
 * @property {number} rows
 * @property {Cell[]} snake head first
 * @property {Direction} direction the way the head moved last
 * @property {Direction[]} turns turns asked for and not yet made, one per step
 * @property {Cell | null} food null once the snake fills the board
 * @property {number} eaten
 * @property {number} score
 * @property {boolean} isAlive
 */

/** @type {Record<Direction, Cell>} */
const STEP = { up: { x: 0, y: -1 }, down: { x: 0, y: 1 }, left: { x: -1, y: 0 }, right: { x: 1, y: 0 } };
/** @type {Record<Direction, Direction>} */
const OPPOSITE = { up: 'down', down: 'up', left: 'right', right: 'left' };

/**
 * A board of square cells that fits a play area: SHORT_SIDE cells across its short side.
 * @param {number} width
 * @param {number} height
 */
export function gridFor(width, height) {
  const long = Math.round((SHORT_SIDE * Math.max(width, height)) / Math.max(1, Math.min(width, height)));
  const longSide = Math.min(LONG_SIDE_MAX, Math.max(SHORT_SIDE, long));
  return width <= height ? { cols: SHORT_SIDE, rows: longSide } : { cols: longSide, rows: SHORT_SIDE };
}

/**
 * How long one step takes after `eaten` foods: the snake speeds up as it grows.
 * @param {number} eaten
 */
export function stepMs(eaten) {
  return Math.max(FASTEST_STEP_MS, SLOWEST_STEP_MS - SPEED_UP_MS_PER_FOOD * eaten);
}

/** @param {Cell} a @param {Cell} b */
const same = (a, b) => a.x === b.x && a.y === b.y;

/**
 * @param {{ cols: number, rows: number }} grid
 * @param {() => number} random a number in [0, 1)
 * @returns {SnakeGame}
 */
export function createGame({ cols, rows }, random) {
  const x = Math.floor(cols / 2);
  const headY = Math.floor(rows * 0.6);
  const snake = Array.from({ length: START_LENGTH }, (_, i) => ({ x, y: headY + i }));
  const game = {
    cols,
    rows,
    snake,
    direction: /** @type {Direction} */ ('up'),
    turns: [],
    eaten: 0,
    score: 0,
  };
  return { ...game, food: placeFood(game, random), isAlive: true };
}

/**
 * A random free cell, or null when the snake covers the board.
 * @param {{ cols: number, rows: number, snake: Cell[] }} game
 * @param {() => number} random
 * @returns {Cell | null}
 */
export function placeFood({ cols, rows, snake }, random) {
  const taken = new Set(snake.map((cell) => cell.y * cols + cell.x));
  const free = [];
  for (let index = 0; index < cols * rows; index++) if (!taken.has(index)) free.push(index);
  const index = free[Math.floor(random() * free.length)];
  return index === undefined ? null : { x: index % cols, y: Math.floor(index / cols) };
}

/**
 * Plans a turn for a coming step. A snake cannot reverse into itself, so that turn is ignored.
 * @param {SnakeGame} game
 * @param {Direction} direction
 * @returns {SnakeGame}
 */
export function turn(game, direction) {
  const last = game.turns.at(-1) ?? game.direction;
  if (!game.isAlive || direction === last || direction === OPPOSITE[last]) return game;
  if (game.turns.length >= MAX_QUEUED_TURNS) return game;
  return { ...game, turns: [...game.turns, direction] };
}

/**
 * Whether a head moved to `head` dies: off the board, or into the body. The tail's cell is free
 * unless the snake is growing this step, since the tail moves on at the same time.
 * @param {SnakeGame} game
 * @param {Cell} head
 * @param {boolean} isGrowing
 */
export function isDeadly(game, head, isGrowing) {
  if (head.x < 0 || head.y < 0 || head.x >= game.cols || head.y >= game.rows) return true;
  const body = isGrowing ? game.snake : game.snake.slice(0, -1);
  return body.some((cell) => same(cell, head));
}

/**
 * Moves the snake one cell.
 * @param {SnakeGame} game
 * @param {() => number} random
 * @returns {SnakeGame}
 */
export function step(game, random) {
  if (!game.isAlive) return game;
  const [direction = game.direction, ...turns] = game.turns;
  const head = /** @type {Cell} */ (game.snake[0]);
  const next = { x: head.x + STEP[direction].x, y: head.y + STEP[direction].y };
  const isGrowing = game.food !== null && same(next, game.food);
  if (isDeadly(game, next, isGrowing)) return { ...game, direction, turns, isAlive: false };
  const snake = [next, ...(isGrowing ? game.snake : game.snake.slice(0, -1))];
  if (!isGrowing) return { ...game, snake, direction, turns };
  const eaten = game.eaten + 1;
  const grown = { ...game, snake, direction, turns, eaten, score: eaten * POINTS_PER_FOOD };
  const food = placeFood(grown, random);
  // A board filled to the last cell ends the game: there is nowhere left to go.
  return { ...grown, food, isAlive: food !== null };
}

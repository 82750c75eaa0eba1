// @ts-check
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  createGame,
  FASTEST_STEP_MS,
  gridFor,
  isDeadly,
  LONG_SIDE_MAX,
  MAX_POINTS,
  POINTS_PER_FOOD,
  placeFood,
  SHORT_SIDE,
  step,
  stepMs,
  turn,
} from '../snake.js';

/** @typedef {import('../snake.js').SnakeGame} SnakeGame */

const first = () => 0;

/**
 * A 10×10 game with the snake and the food where a test wants them.
 * @param {Partial<SnakeGame>} overrides
 * @returns {SnakeGame}
 */
function gameWith(overrides) {
  return { ...createGame({ cols: 10, rows: 10 }, first), ...overrides };
}

const heading = (/** @type {SnakeGame} */ game) => game.snake[0];

describe('moving', () => {
  it('starts in the middle heading up, and moves one cell a step', () => {
    const game = createGame({ cols: 15, rows: 26 }, first);
    expect(game.snake).toEqual([
      { x: 7, y: 15 },
      { x: 7, y: 16 },
      { x: 7, y: 17 },
    ]);
    const moved = step(game, first);
    expect(moved.snake).toEqual([
      { x: 7, y: 14 },
      { x: 7, y: 15 },
      { x: 7, y: 16 },
    ]);
  });

  it('turns one planned turn per step, and cannot reverse into its own body', () => {
    let game = gameWith({ food: { x: 0, y: 0 } });
    game = turn(game, 'down');
    expect(game.turns).toEqual([]);
    game = turn(turn(game, 'left'), 'down');
    expect(game.turns).toEqual(['left', 'down']);
    game = step(game, first);
    expect(game.direction).toBe('left');
    game = step(game, first);
    expect(game.direction).toBe('down');
  });
});

describe('eating', () => {
  it('grows by one, scores the food and puts new food on a free cell', () => {
    const start = gameWith({});
    const head = /** @type {{ x: number, y: number }} */ (heading(start));
    const fed = step({ ...start, food: { x: head.x, y: head.y - 1 } }, first);
    expect(fed.snake).toHaveLength(start.snake.length + 1);
    expect(fed.score).toBe(POINTS_PER_FOOD);
    expect(fed.eaten).toBe(1);
    expect(fed.snake).not.toContainEqual(fed.food);
  });

  it('speeds up with every food, down to a fastest pace', () => {
    expect(stepMs(1)).toBeLessThan(stepMs(0));
    expect(stepMs(1000)).toBe(FASTEST_STEP_MS);
  });
});

describe('crashing', () => {
  it('dies against the edge of the savanna', () => {
    const game = gameWith({
      snake: [
        { x: 4, y: 0 },
        { x: 4, y: 1 },
        { x: 4, y: 2 },
      ],
      food: { x: 9, y: 9 },
    });
    expect(step(game, first).isAlive).toBe(false);
  });

  it('dies when the head runs into its body', () => {
    const coiled = [
      { x: 5, y: 5 },
      { x: 6, y: 5 },
      { x: 6, y: 4 },
      { x: 5, y: 4 },
      { x: 4, y: 4 },
    ];
    const game = gameWith({ snake: coiled, direction: 'left', food: { x: 9, y: 9 } });
    expect(step(turn(game, 'up'), first).isAlive).toBe(false);
  });

  it('may follow its own tail into the cell the tail is leaving, but not while growing', () => {
    const loop = [
      { x: 5, y: 5 },
      { x: 6, y: 5 },
      { x: 6, y: 4 },
      { x: 5, y: 4 },
    ];
    const game = gameWith({ snake: loop, direction: 'left' });
    expect(isDeadly(game, { x: 5, y: 4 }, false)).toBe(false);
    expect(isDeadly(game, { x: 5, y: 4 }, true)).toBe(true);
  });
});

describe('the board', () => {
  it('fits the phone: 15 cells across, as many down as the screen allows', () => {
    expect(gridFor(360, 620)).toEqual({ cols: 15, rows: 26 });
    expect(gridFor(1280, 700)).toEqual({ cols: 27, rows: 15 });
    expect(gridFor(300, 2000)).toEqual({ cols: 15, rows: 30 });
  });

  it('ends the game with the snake filling the board', () => {
    const game = gameWith({
      cols: 2,
      rows: 2,
      snake: [
        { x: 0, y: 1 },
        { x: 1, y: 1 },
        { x: 1, y: 0 },
      ],
    });
    const full = step({ ...game, direction: 'up', food: { x: 0, y: 0 } }, first);
    expect(full).toMatchObject({ isAlive: false, food: null });
    expect(placeFood(full, first)).toBeNull();
  });
});

describe('the catalogue entry', () => {
  const manifest = JSON.parse(readFileSync(new URL('../game.json', import.meta.url), 'utf8'));

  it('declares the score of a snake that filled the largest board', () => {
    expect(manifest.maxPoints).toBe(MAX_POINTS);
    expect(MAX_POINTS).toBe((SHORT_SIDE * LONG_SIDE_MAX - 3) * POINTS_PER_FOOD);
  });

  it('allows a food on every step at the fastest pace', () => {
    expect(manifest.maxPointsPerSecond).toBeGreaterThanOrEqual((1000 / FASTEST_STEP_MS) * POINTS_PER_FOOD);
  });
});

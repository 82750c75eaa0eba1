// @ts-check
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { addRandomTile, canMove, MAX_POINTS, move, newBoard, slideLine } from '../board.js';

/** @param {string} rows e.g. '2 2 0 0 / ...' */
const board = (rows) => rows.split('/').flatMap((row) => row.trim().split(/\s+/).map(Number));

describe('sliding a line', () => {
  it('merges two equal tiles into one and scores the new tile', () => {
    expect(slideLine([2, 2, 0, 0])).toEqual({ line: [4, 0, 0, 0], gained: 4, merged: [0] });
  });

  it('merges each pair once: four 2s make two 4s, not an 8', () => {
    expect(slideLine([2, 2, 2, 2])).toEqual({ line: [4, 4, 0, 0], gained: 8, merged: [0, 1] });
  });

  it('does not merge a tile made in the same slide', () => {
    expect(slideLine([2, 2, 4, 0]).line).toEqual([4, 4, 0, 0]);
  });

  it('merges across gaps, from the side the tiles slide to', () => {
    expect(slideLine([4, 0, 4, 8]).line).toEqual([8, 8, 0, 0]);
    expect(slideLine([2, 2, 2, 0]).line).toEqual([4, 2, 0, 0]);
  });
});

describe('moving the board', () => {
  const start = board('2 0 2 4 / 0 4 0 4 / 0 0 0 0 / 2 0 0 0');

  it('slides every row left or right and adds up the merges', () => {
    expect(move(start, 'left')).toMatchObject({
      board: board('4 4 0 0 / 8 0 0 0 / 0 0 0 0 / 2 0 0 0'),
      gained: 12,
      moved: true,
    });
    expect(move(start, 'right').board).toEqual(board('0 0 4 4 / 0 0 0 8 / 0 0 0 0 / 0 0 0 2'));
  });

  it('slides every column up or down', () => {
    expect(move(start, 'up')).toMatchObject({
      board: board('4 4 2 8 / 0 0 0 0 / 0 0 0 0 / 0 0 0 0'),
      gained: 12,
    });
    expect(move(start, 'down').board).toEqual(board('0 0 0 0 / 0 0 0 0 / 0 0 0 0 / 4 4 2 8'));
  });

  it('tells where the merged tiles landed', () => {
    expect(move(start, 'left').merged).toEqual([0, 4]);
  });

  it('is not a move when nothing can slide that way', () => {
    const packed = board('2 4 0 0 / 0 0 0 0 / 0 0 0 0 / 0 0 0 0');
    expect(move(packed, 'left')).toMatchObject({ board: packed, moved: false, gained: 0 });
    expect(move(packed, 'up').moved).toBe(false);
  });
});

describe('the end of a game', () => {
  it('ends when the board is full and no neighbours match', () => {
    expect(canMove(board('2 4 2 4 / 4 2 4 2 / 2 4 2 4 / 4 2 4 2'))).toBe(false);
  });

  it('goes on while two neighbours match or a cell is empty', () => {
    expect(canMove(board('2 4 2 4 / 4 2 4 2 / 2 4 2 4 / 4 2 4 4'))).toBe(true);
    expect(canMove(board('2 4 2 4 / 4 2 4 2 / 2 4 2 4 / 4 2 4 2').map((v, i) => (i === 5 ? 0 : v)))).toBe(
      true,
    );
    expect(canMove(board('2 4 2 4 / 4 2 4 2 / 2 4 8 4 / 4 2 8 2'))).toBe(true);
  });
});

describe('new tiles', () => {
  it('starts with two tiles and adds a 2 or a 4 on an empty cell after each move', () => {
    let seed = 0;
    const random = () => {
      seed = (seed * 9301 + 49297) % 233280;
      return seed / 233280;
    };
    const first = newBoard(random);
    expect(first.filter((value) => value !== 0)).toHaveLength(2);
    const { board: next, cell } = addRandomTile(first, random);
    expect(cell).not.toBeNull();
    expect(first[/** @type {number} */ (cell)]).toBe(0);
    expect([2, 4]).toContain(next[/** @type {number} */ (cell)]);
  });

  it('adds nothing to a full board', () => {
    const full = board('2 4 2 4 / 4 2 4 2 / 2 4 2 4 / 4 2 4 2');
    expect(addRandomTile(full, Math.random)).toEqual({ board: full, cell: null });
  });
});

describe('the catalogue entry', () => {
  it('declares the score cap the rules allow', () => {
    const manifest = JSON.parse(readFileSync(new URL('../game.json', import.meta.url), 'utf8'));
    expect(manifest.maxPoints).toBe(MAX_POINTS);
  });
});

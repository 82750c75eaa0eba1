// @ts-check
// The rules of Tile Merge (2048-style) on a 4×4 board: pure functions, no DOM.

export const SIZE = 4;
/** The highest score one play can reach (game.json's maxPoints): merging up to a 131072 tile, rounded up. */
export const MAX_POINTS = 4_000_000;

/**
 * A board is SIZE×SIZE cells, row by row; 0 is an empty cell.
 * @typedef {number[]} Board
 * @typedef {import('/play/sdk/playon-input.js').Direction} Direction
 * @typedef {{ board: Board, gained: number, moved: boolean, merged: number[] }} MoveResult
 */

/** @returns {Board} */
export function emptyBoard() {
  return new Array(SIZE * SIZE).fill(0);
}

/**
 * Slides one line towards its start: equal neighbours merge once, and each merge scores the new tile.
 * @param {number[]} line
 * @returns {{ line: number[], gained: number, merged: number[] }} `merged`: positions of merged tiles
 */
export function slideLine(line) {
  const tiles = line.filter((value) => value !== 0);
  /** @type {number[]} */
  const result = [];
  /** @type {number[]} */
  const merged = [];
  let gained = 0;
  for (let i = 0; i < tiles.length; i++) {
    const value = /** @type {number} */ (tiles[i]);
    if (value === tiles[i + 1]) {
      merged.push(result.length);
      result.push(value * 2);
      gained += value * 2;
      i++;
    } else {
      result.push(value);
    }
  }
  while (result.length < line.length) result.push(0);
  return { line: result, gained, merged };
}

/**
 * The cell indexes of each line, listed from the side the tiles slide to.
 * @param {Direction} direction
 * @returns {number[][]}
 */
function linesFor(direction) {
  const lines = [];
  for (let a = 0; a < SIZE; a++) {
    const line = [];
    for (let b = 0; b < SIZE; b++) {
      if (direction === 'left') line.push(a * SIZE + b);
      else if (direction === 'right') line.push(a * SIZE + (SIZE - 1 - b));
      else if (direction === 'up') line.push(b * SIZE + a);
      else line.push((SIZE - 1 - b) * SIZE + a);
    }
    lines.push(line);
  }
  return lines;
}

/**
 * @param {Board} board
 * @param {Direction} direction
 * @returns {MoveResult}
 */
export function move(board, direction) {
  const next = [...board];
  /** @type {number[]} */
  const merged = [];
  let gained = 0;
  for (const cells of linesFor(direction)) {
    const slid = slideLine(cells.map((cell) => /** @type {number} */ (board[cell])));
    cells.forEach((cell, position) => {
      next[cell] = /** @type {number} */ (slid.line[position]);
    });
    for (const position of slid.merged) merged.push(/** @type {number} */ (cells[position]));
    gained += slid.gained;
  }
  return { board: next, gained, moved: next.some((value, cell) => value !== board[cell]), merged };
}

/**
 * Puts a 2 (nine times in ten) or a 4 on a random empty cell.
 * @param {Board} board
 * @param {() => number} random a number in [0, 1)
 * @returns {{ board: Board, cell: number | null }} `cell` is null when the board was full
 */
export function addRandomTile(board, random) {
  const empty = board.flatMap((value, cell) => (value === 0 ? [cell] : []));
  if (empty.length === 0) return { board, cell: null };
  const cell = /** @type {number} */ (empty[Math.floor(random() * empty.length)]);
  const next = [...board];
  next[cell] = random() < 0.9 ? 2 : 4;
  return { board: next, cell };
}

/** @param {() => number} random */
export function newBoard(random) {
  return addRandomTile(addRandomTile(emptyBoard(), random).board, random).board;
}

/**
 * Whether any slide would change the board.
 * @param {Board} board
 */
export function canMove(board) {
  return board.some((value, cell) => {
    if (value === 0) return true;
    const right = cell % SIZE < SIZE - 1 ? board[cell + 1] : undefined;
    return value === right || value === board[cell + SIZE];
  });
}

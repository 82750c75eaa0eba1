// @ts-check
// Draws the board as a grid of cells; new and merged tiles pop so the eye can follow a move.

/**
 * @param {number} value
 * @returns {string}
 */
function tileClass(value) {
  return value <= 2048 ? `v${value}` : 'vbig';
}

/**
 * @param {HTMLElement} container
 * @param {number[]} board
 * @param {{ spawned?: number | null, merged?: number[] }} [changes]
 */
export function renderBoard(container, board, { spawned = null, merged = [] } = {}) {
  if (container.children.length !== board.length) {
    container.replaceChildren(
      ...board.map(() => {
        const cell = document.createElement('div');
        cell.className = 'cell';
        return cell;
      }),
    );
  }
  board.forEach((value, index) => {
    const cell = /** @type {HTMLElement} */ (container.children[index]);
    if (value === 0) {
      cell.replaceChildren();
      return;
    }
    const tile = document.createElement('div');
    tile.className = `tile ${tileClass(value)}`;
    if (index === spawned) tile.classList.add('tile-new');
    if (merged.includes(index)) tile.classList.add('tile-merged');
    tile.textContent = String(value);
    if (value >= 1024) tile.classList.add('tile-long');
    cell.replaceChildren(tile);
  });
}

// @ts-check
import { listenForDirections } from '/play/sdk/playon-input.js';
import { mountHeader, showGameOver } from '/play/sdk/playon-ui.js';
import { addRandomTile, canMove, move, newBoard } from './board.js';
import { renderBoard } from './view.js';

const CONFIRM_MS = 3000;

/** @param {string} id */
const byId = (id) => /** @type {HTMLElement} */ (document.getElementById(id));
const boardView = byId('board');
const scoreView = byId('score');
const bestTileView = byId('best-tile');
const endButton = /** @type {HTMLButtonElement} */ (byId('end'));

let board = newBoard(Math.random);
let score = 0;
let isOver = false;
/** @type {ReturnType<typeof setTimeout> | undefined} */
let confirmTimer;

function showScore() {
  scoreView.textContent = String(score);
  bestTileView.textContent = String(Math.max(...board));
}

function startGame() {
  board = newBoard(Math.random);
  score = 0;
  isOver = false;
  endButton.disabled = false;
  renderBoard(boardView, board);
  showScore();
}

/** @param {string} title */
function endGame(title) {
  if (isOver) return;
  isOver = true;
  endButton.disabled = true;
  resetEndButton();
  // A moment to see the last board before the panel covers it.
  setTimeout(() => showGameOver({ points: score, title, onPlayAgain: startGame }), 450);
}

/** @param {import('/play/sdk/playon-input.js').Direction} direction */
function slide(direction) {
  if (isOver) return;
  const result = move(board, direction);
  if (!result.moved) return;
  const added = addRandomTile(result.board, Math.random);
  board = added.board;
  score += result.gained;
  renderBoard(boardView, board, { spawned: added.cell, merged: result.merged });
  showScore();
  if (!canMove(board)) endGame('No more moves');
}

function resetEndButton() {
  clearTimeout(confirmTimer);
  endButton.textContent = 'End game';
  endButton.classList.remove('confirm');
}

// Ending by mistake would cost the play: the first tap asks, the second ends.
endButton.addEventListener('click', () => {
  if (endButton.classList.contains('confirm')) {
    endGame('Game ended');
    return;
  }
  endButton.textContent = 'Tap again to end';
  endButton.classList.add('confirm');
  confirmTimer = setTimeout(resetEndButton, CONFIRM_MS);
});

mountHeader('Tile Merge');
listenForDirections(byId('stage'), { onDirection: slide });
startGame();

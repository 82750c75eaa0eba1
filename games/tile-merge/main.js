// @ts-check
import { listenForDirections } from '/play/sdk/playon-input.js';
import { playOn } from '/play/sdk/playon-sdk.js';
import { mountHeader, showGameOver } from '/play/sdk/playon-ui.js';
import { recordRun } from '/play/sdk/replay.js';
import { simulation } from './simulation.js';
import { renderBoard } from './view.js';

const CONFIRM_MS = 3000;

/** @param {string} id */
const byId = (id) => /** @type {HTMLElement} */ (document.getElementById(id));
const boardView = byId('board');
const scoreView = byId('score');
const bestTileView = byId('best-tile');
const endButton = /** @type {HTMLButtonElement} */ (byId('end'));

/** @typedef {import('./simulation.js').MergeRun} MergeRun */
/** @type {ReturnType<typeof recordRun<MergeRun>>} */
let recording;
let isOver = false;
/** @type {ReturnType<typeof setTimeout> | undefined} */
let confirmTimer;
let lastFrame = 0;

function showScore() {
  scoreView.textContent = String(recording.state.score);
  bestTileView.textContent = String(Math.max(...recording.state.board));
}

function startGame() {
  recording = recordRun(simulation, { seed: playOn.roundSeed() });
  isOver = false;
  endButton.disabled = false;
  renderBoard(boardView, recording.state.board);
  showScore();
  requestAnimationFrame((now) => {
    lastFrame = now;
    requestAnimationFrame(tick);
  });
}

/**
 * Frames count the play's time only: the server checks a play took no longer than its session has.
 * @param {number} now
 */
function tick(now) {
  if (isOver) return;
  recording.advance(now - lastFrame);
  lastFrame = now;
  requestAnimationFrame(tick);
}

/** @param {string} title */
function endGame(title) {
  if (isOver) return;
  isOver = true;
  endButton.disabled = true;
  resetEndButton();
  const { score } = recording.state;
  const replay = recording.log();
  // A moment to see the last board before the panel covers it.
  setTimeout(() => showGameOver({ points: score, replay, title, onPlayAgain: startGame }), 450);
}

/** @param {import('/play/sdk/playon-input.js').Direction} direction */
function slide(direction) {
  if (isOver) return;
  const before = recording.state;
  recording.press(direction);
  const after = recording.state;
  if (after === before) return;
  renderBoard(boardView, after.board, { spawned: after.spawned, merged: after.merged });
  showScore();
  if (simulation.isOver(after)) endGame('No more moves');
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

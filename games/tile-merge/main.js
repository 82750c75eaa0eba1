// @ts-check
import { listenForDirections } from '/play/sdk/playon-input.js';
import { createFrameLoop } from '/play/sdk/playon-loop.js';
import { mountPause } from '/play/sdk/playon-pause.js';
import { playOn } from '/play/sdk/playon-sdk.js';
import { createScoreAnnouncer, mountHeader, showGameOver } from '/play/sdk/playon-ui.js';
import { recordRun } from '/play/sdk/replay.js';
import { simulation } from './simulation.js';
import { text } from './text.js';
import { renderBoard } from './view.js';

const CONFIRM_MS = 3000;

const t = playOn.translate(text);
/** @param {string} id */
const byId = (id) => /** @type {HTMLElement} */ (document.getElementById(id));
const boardView = byId('board');
const scoreView = byId('score');
const bestTileView = byId('best-tile');
const endButton = /** @type {HTMLButtonElement} */ (byId('end'));
byId('score-label').textContent = t('score');
byId('best-tile-label').textContent = t('bestTile');
byId('help').textContent = t('help');
boardView.setAttribute('aria-label', t('board'));
endButton.textContent = t('endGame');

/** @typedef {import('./simulation.js').MergeRun} MergeRun */
/** @type {ReturnType<typeof recordRun<MergeRun>>} */
let recording;
let isOver = false;
/** @type {ReturnType<typeof setTimeout> | undefined} */
let confirmTimer;

const header = mountHeader('Tile Merge');
const announceScore = createScoreAnnouncer();
// Frames count the play's time only: the server checks a play took no longer than its session has.
const loop = createFrameLoop((elapsedMs) => recording.advance(elapsedMs));
mountPause({ loop, header });

function showScore() {
  scoreView.textContent = String(recording.state.score);
  bestTileView.textContent = String(Math.max(...recording.state.board));
  announceScore(recording.state.score);
}

function startGame() {
  recording = recordRun(simulation, { seed: playOn.roundSeed() });
  isOver = false;
  endButton.disabled = false;
  renderBoard(boardView, recording.state.board);
  showScore();
  loop.start();
}

/** @param {string} title */
function endGame(title) {
  if (isOver) return;
  isOver = true;
  loop.stop();
  endButton.disabled = true;
  resetEndButton();
  const { score } = recording.state;
  const replay = recording.log();
  // A moment to see the last board before the panel covers it.
  setTimeout(() => showGameOver({ points: score, replay, title, onPlayAgain: startGame }), 450);
}

/** @param {import('/play/sdk/playon-input.js').Direction} direction */
function slide(direction) {
  if (isOver || loop.isPaused) return;
  const before = recording.state;
  recording.press(direction);
  const after = recording.state;
  if (after === before) return;
  renderBoard(boardView, after.board, { spawned: after.spawned, merged: after.merged });
  showScore();
  if (simulation.isOver(after)) endGame(t('noMoves'));
}

function resetEndButton() {
  clearTimeout(confirmTimer);
  endButton.textContent = t('endGame');
  endButton.classList.remove('confirm');
}

// Ending by mistake would cost the play: the first tap asks, the second ends.
endButton.addEventListener('click', () => {
  if (endButton.classList.contains('confirm')) {
    endGame(t('ended'));
    return;
  }
  endButton.textContent = t('confirmEnd');
  endButton.classList.add('confirm');
  confirmTimer = setTimeout(resetEndButton, CONFIRM_MS);
});

listenForDirections(byId('stage'), { onDirection: slide });
startGame();

// @ts-check
import { listenForDirections } from '/play/sdk/playon-input.js';
import { mountHeader, showGameOver, showStartPanel } from '/play/sdk/playon-ui.js';
import { drawGame, fitCanvas } from './draw.js';
import { createGame, gridFor, SLOWEST_STEP_MS, step, stepMs, turn } from './snake.js';

const NAME = 'Savanna Snake';
/** A tab left in the background must not come back to a burst of steps. */
const MAX_FRAME_MS = 250;

/** @param {string} id */
const byId = (id) => /** @type {HTMLElement} */ (document.getElementById(id));
const stage = byId('stage');
const canvas = /** @type {HTMLCanvasElement} */ (byId('field'));
const scoreView = byId('score');
const speedView = byId('speed');
// The header first: it takes room from the play area the board is sized to.
mountHeader(NAME);

/** @returns {{ cols: number, rows: number }} */
const currentGrid = () => gridFor(canvas.clientWidth, canvas.clientHeight);
let game = createGame(currentGrid(), Math.random);
let view = fitCanvas(canvas, game);
let isRunning = false;
let sinceStep = 0;
let lastFrame = 0;

function showStats() {
  scoreView.textContent = String(game.score);
  speedView.textContent = `${(SLOWEST_STEP_MS / stepMs(game.eaten)).toFixed(1)}×`;
}

/** @param {number} now */
function frame(now) {
  if (!isRunning) return;
  sinceStep += Math.min(MAX_FRAME_MS, now - lastFrame);
  lastFrame = now;
  while (game.isAlive && sinceStep >= stepMs(game.eaten)) {
    sinceStep -= stepMs(game.eaten);
    game = step(game, Math.random);
  }
  drawGame(view, game);
  showStats();
  if (game.isAlive) requestAnimationFrame(frame);
  else finish();
}

function finish() {
  isRunning = false;
  const title = game.food === null ? 'You filled the savanna!' : 'Game over';
  setTimeout(() => showGameOver({ points: game.score, title, onPlayAgain: start }), 600);
}

function start() {
  game = createGame(currentGrid(), Math.random);
  view = fitCanvas(canvas, game);
  sinceStep = 0;
  isRunning = true;
  showStats();
  requestAnimationFrame((now) => {
    lastFrame = now;
    frame(now);
  });
}

listenForDirections(stage, {
  continuous: true,
  onDirection: (direction) => {
    if (isRunning) game = turn(game, direction);
  },
});
new ResizeObserver(() => {
  view = fitCanvas(canvas, game);
  drawGame(view, game);
}).observe(canvas);
drawGame(view, game);
showStats();
showStartPanel({
  title: NAME,
  hint: 'Swipe or use the arrow keys to turn. Eat fruit to grow: each one is 10 points and makes you faster. Avoid the edges and your own tail.',
  onStart: start,
});

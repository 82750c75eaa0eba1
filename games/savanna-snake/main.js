// @ts-check
import { listenForDirections } from '/play/sdk/playon-input.js';
import { playOn } from '/play/sdk/playon-sdk.js';
import { mountHeader, showGameOver, showStartPanel } from '/play/sdk/playon-ui.js';
import { recordRun, seededRandom } from '/play/sdk/replay.js';
import { drawGame, fitCanvas } from './draw.js';
import { simulation } from './simulation.js';
import { createGame, gridFor, SLOWEST_STEP_MS, stepMs } from './snake.js';

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
// The board shown behind the start panel; a run's own board comes from its seed.
let game = createGame(currentGrid(), seededRandom(0));
/** @type {ReturnType<typeof recordRun<import('./simulation.js').SnakeRun>> | null} */
let recording = null;
let view = fitCanvas(canvas, game);
let isRunning = false;
let lastFrame = 0;

function showStats() {
  scoreView.textContent = String(game.score);
  speedView.textContent = `${(SLOWEST_STEP_MS / stepMs(game.eaten)).toFixed(1)}×`;
}

/** @param {number} now */
function frame(now) {
  if (!isRunning || !recording) return;
  recording.advance(now - lastFrame);
  game = recording.state.game;
  lastFrame = now;
  drawGame(view, game);
  showStats();
  if (game.isAlive) requestAnimationFrame(frame);
  else finish();
}

function finish() {
  isRunning = false;
  const title = game.food === null ? 'You filled the savanna!' : 'Game over';
  const replay = recording?.log();
  setTimeout(() => showGameOver({ points: game.score, replay, title, onPlayAgain: start }), 600);
}

function start() {
  recording = recordRun(simulation, {
    seed: playOn.roundSeed(),
    setup: currentGrid(),
    maxCatchUpMs: MAX_FRAME_MS,
  });
  game = recording.state.game;
  view = fitCanvas(canvas, game);
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
    if (!isRunning || !recording) return;
    recording.press(direction);
    game = recording.state.game;
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

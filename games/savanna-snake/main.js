// @ts-check
import { listenForDirections } from '/play/sdk/playon-input.js';
import { createFrameLoop } from '/play/sdk/playon-loop.js';
import { mountPause } from '/play/sdk/playon-pause.js';
import { playOn } from '/play/sdk/playon-sdk.js';
import { createScoreAnnouncer, mountHeader, showGameOver, showStartPanel } from '/play/sdk/playon-ui.js';
import { recordRun, seededRandom } from '/play/sdk/replay.js';
import { drawGame, fitCanvas } from './draw.js';
import { simulation } from './simulation.js';
import { createGame, gridFor, SLOWEST_STEP_MS, stepMs } from './snake.js';
import { text } from './text.js';

const NAME = 'Savanna Snake';
/** A tab left in the background must not come back to a burst of steps. */
const MAX_FRAME_MS = 250;

const t = playOn.translate(text);
/** @param {string} id */
const byId = (id) => /** @type {HTMLElement} */ (document.getElementById(id));
const stage = byId('stage');
const canvas = /** @type {HTMLCanvasElement} */ (byId('field'));
const scoreView = byId('score');
const speedView = byId('speed');
byId('score-label').textContent = t('score');
byId('speed-label').textContent = t('speed');
canvas.setAttribute('aria-label', t('field'));
// The header first: it takes room from the play area the board is sized to.
const header = mountHeader(NAME);
const announceScore = createScoreAnnouncer();

/** @returns {{ cols: number, rows: number }} */
const currentGrid = () => gridFor(canvas.clientWidth, canvas.clientHeight);
// The board shown behind the start panel; a run's own board comes from its seed.
let game = createGame(currentGrid(), seededRandom(0));
/** @type {ReturnType<typeof recordRun<import('./simulation.js').SnakeRun>> | null} */
let recording = null;
let view = fitCanvas(canvas, game);

function showStats() {
  scoreView.textContent = String(game.score);
  speedView.textContent = `${(SLOWEST_STEP_MS / stepMs(game.eaten)).toFixed(1)}×`;
  announceScore(game.score);
}

const loop = createFrameLoop((elapsedMs) => {
  if (!recording) return;
  recording.advance(elapsedMs);
  game = recording.state.game;
  drawGame(view, game);
  showStats();
  if (!game.isAlive) finish();
});
mountPause({ loop, header });

function finish() {
  loop.stop();
  const title = game.food === null ? t('filled') : undefined;
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
  showStats();
  loop.start();
}

listenForDirections(stage, {
  continuous: true,
  onDirection: (direction) => {
    if (!loop.isRunning || loop.isPaused || !recording) return;
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
  hint: t('hint'),
  onStart: start,
});

// @ts-check
import { listenForDirections } from '/play/sdk/playon-input.js';
import { playOn } from '/play/sdk/playon-sdk.js';
import { mountHeader, showGameOver, showStartPanel } from '/play/sdk/playon-ui.js';
import { recordRun } from '/play/sdk/replay.js';
import { drawScene, fitCanvas } from './draw.js';
import { createRun, scoreOf, speedAt } from './road.js';
import { simulation } from './simulation.js';

const NAME = 'Matatu Rush';
/** A frame longer than this (a tab in the background) is not a reason to crash through traffic. */
const MAX_FRAME_MS = 50;
const CRASH_MS = 700;

/** @param {string} id */
const byId = (id) => /** @type {HTMLElement} */ (document.getElementById(id));
const stage = byId('stage');
const canvas = /** @type {HTMLCanvasElement} */ (byId('road'));
const scoreView = byId('score');
const speedView = byId('speed');
// The header first: it takes room from the play area the canvas is fitted to.
mountHeader(NAME);

let run = createRun();
/** @type {ReturnType<typeof recordRun<import('./road.js').Run>> | null} */
let recording = null;
let view = fitCanvas(canvas);
let isRunning = false;
let lastFrame = 0;

function showStats() {
  scoreView.textContent = String(scoreOf(run));
  speedView.textContent = `${Math.round(speedAt(run.time) * 100)} km/h`;
}

/** @param {number} now */
function frame(now) {
  if (!isRunning || !recording) return;
  recording.advance(now - lastFrame);
  run = recording.state;
  lastFrame = now;
  drawScene(view, run);
  showStats();
  if (run.isCrashed) crash(now);
  else requestAnimationFrame(frame);
}

/** @param {'left' | 'right'} direction */
function steerTo(direction) {
  if (!isRunning || !recording) return;
  recording.press(direction);
  run = recording.state;
}

/** @param {number} crashedAt */
function crash(crashedAt) {
  isRunning = false;
  /** @param {number} now */
  const flash = (now) => {
    const glow = 1 - (now - crashedAt) / CRASH_MS;
    drawScene(view, run, Math.max(0, glow));
    if (glow > 0) requestAnimationFrame(flash);
    else
      showGameOver({ points: scoreOf(run), replay: recording?.log(), title: 'Crash!', onPlayAgain: start });
  };
  requestAnimationFrame(flash);
}

function start() {
  recording = recordRun(simulation, { seed: playOn.roundSeed(), maxCatchUpMs: MAX_FRAME_MS });
  run = recording.state;
  isRunning = true;
  showStats();
  requestAnimationFrame((now) => {
    lastFrame = now;
    frame(now);
  });
}

listenForDirections(stage, {
  onDirection: (direction) => {
    if (direction === 'left' || direction === 'right') steerTo(direction);
  },
  onTap: ({ x, width }) => steerTo(x < width / 2 ? 'left' : 'right'),
});
new ResizeObserver(() => {
  view = fitCanvas(canvas);
  drawScene(view, run);
}).observe(canvas);
drawScene(view, run);
showStats();
showStartPanel({
  title: NAME,
  hint: 'Tap the left or right side of the road (or press ← →) to change lanes. Dodge the oncoming traffic: the longer you last, the more you score.',
  onStart: start,
});

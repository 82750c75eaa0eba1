// @ts-check
import { listenForDirections } from '/play/sdk/playon-input.js';
import { createFrameLoop } from '/play/sdk/playon-loop.js';
import { mountPause } from '/play/sdk/playon-pause.js';
import { playOn } from '/play/sdk/playon-sdk.js';
import { createScoreAnnouncer, mountHeader, showGameOver, showStartPanel } from '/play/sdk/playon-ui.js';
import { recordRun } from '/play/sdk/replay.js';
import { drawScene, fitCanvas } from './draw.js';
import { createRun, scoreOf, speedAt } from './road.js';
import { simulation } from './simulation.js';
import { text } from './text.js';

const NAME = 'Matatu Rush';
/** A frame longer than this (a tab in the background) is not a reason to crash through traffic. */
const MAX_FRAME_MS = 50;
const CRASH_MS = 700;
/** The score climbs every frame: a screen reader hears it at each hundred, not sixty times a second. */
const ANNOUNCE_EVERY = 100;

const t = playOn.translate(text);
/** @param {string} id */
const byId = (id) => /** @type {HTMLElement} */ (document.getElementById(id));
const stage = byId('stage');
const canvas = /** @type {HTMLCanvasElement} */ (byId('road'));
const scoreView = byId('score');
const speedView = byId('speed');
byId('score-label').textContent = t('score');
canvas.setAttribute('aria-label', t('road'));
const reducedMotion = window.matchMedia('(prefers-reduced-motion: reduce)');
// The header first: it takes room from the play area the canvas is fitted to.
const header = mountHeader(NAME);
const announceScore = createScoreAnnouncer();

let run = createRun();
/** @type {ReturnType<typeof recordRun<import('./road.js').Run>> | null} */
let recording = null;
let view = fitCanvas(canvas);

function showStats() {
  const score = scoreOf(run);
  scoreView.textContent = String(score);
  speedView.textContent = `${Math.round(speedAt(run.time) * 100)} km/h`;
  announceScore(Math.floor(score / ANNOUNCE_EVERY) * ANNOUNCE_EVERY);
}

const loop = createFrameLoop((elapsedMs, now) => {
  if (!recording) return;
  recording.advance(elapsedMs);
  run = recording.state;
  drawScene(view, run);
  showStats();
  if (run.isCrashed) crash(now);
});
mountPause({ loop, header });

/** @param {'left' | 'right'} direction */
function steerTo(direction) {
  if (!loop.isRunning || loop.isPaused || !recording) return;
  recording.press(direction);
  run = recording.state;
}

/** @param {number} crashedAt */
function crash(crashedAt) {
  loop.stop();
  /** @param {number} now */
  const flash = (now) => {
    const glow = 1 - (now - crashedAt) / CRASH_MS;
    drawScene(view, run, Math.max(0, glow), !reducedMotion.matches);
    if (glow > 0) requestAnimationFrame(flash);
    else
      showGameOver({ points: scoreOf(run), replay: recording?.log(), title: t('crash'), onPlayAgain: start });
  };
  requestAnimationFrame(flash);
}

function start() {
  recording = recordRun(simulation, { seed: playOn.roundSeed(), maxCatchUpMs: MAX_FRAME_MS });
  run = recording.state;
  showStats();
  loop.start();
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
showStartPanel({ title: NAME, hint: t('hint'), onStart: start });

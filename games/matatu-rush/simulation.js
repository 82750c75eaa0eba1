// @ts-check
// Matatu Rush as PlayOn replays it (game.json "scoring": "replay"): the page and the server run
// these same frames from the launch's seed, so a score counts only if the recorded steering reaches it.
import { advance, createRun, scoreOf, steer } from './road.js';

/** One frame of the SDK's replay clock, in seconds (FRAME_MS in /play/sdk/replay.js). */
const FRAME_S = 1 / 60;

/** @type {import('/play/sdk/replay.js').Simulation<import('./road.js').Run>} */
export const simulation = {
  inputs: ['left', 'right'],
  start: () => createRun(),
  input: (run, input) => steer(run, input === 'left' ? -1 : 1),
  step: (run, random) => advance(run, FRAME_S, random),
  isOver: (run) => run.isCrashed,
  score: scoreOf,
};

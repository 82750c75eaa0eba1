// @ts-check
// Replayable play: a game's rules run in fixed frames from a seed; the page records the player's
// inputs with their frame, and PlayOn's server replays them with the same code to find the score.
// No DOM, no clock, no Math.random: the server imports this file as it is.

/** One frame is 1/60 s of game time, on the page and on the server alike. */
export const FRAME_MS = 1000 / 60;

/**
 * The limits a replay log must keep (REPLAY_LIMITS in packages/shared/src/games.ts holds the same).
 * `maxFrames` is two hours of frames, the longest a play session lives.
 */
export const REPLAY_LIMITS = Object.freeze({ maxInputs: 30_000, maxFrames: 432_000 });

/**
 * A game's rules as PlayOn replays them: pure functions, the random source given by the caller.
 * @template State
 * @typedef {object} Simulation
 * @property {readonly string[]} inputs the inputs a player can give, e.g. ['left', 'right']
 * @property {(random: () => number, setup: Record<string, number>) => State} start a new run; throws
 *   on a setup the game cannot be played with
 * @property {(state: State, input: string, random: () => number) => State} input
 * @property {(state: State, random: () => number) => State} step one frame of game time
 * @property {(state: State) => boolean} isOver
 * @property {(state: State) => number} score the points the page shows and reports
 */

/**
 * What a page sends with its score: how many frames the run lasted, and each input with the frame
 * it was given on (before that frame's step).
 * @typedef {{ frames: number, inputs: Array<[number, string]>, setup?: Record<string, number> }} ReplayLog
 */

/**
 * The random source of a run: mulberry32, the same numbers from the same seed everywhere.
 * @param {number} seed
 * @returns {() => number} numbers in [0, 1)
 */
export function seededRandom(seed) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * Plays a recorded run again.
 * @template State
 * @param {Simulation<State>} simulation
 * @param {number} seed
 * @param {ReplayLog} log
 * @returns {{ isValid: true, score: number, isOver: boolean } | { isValid: false, reason: string }}
 */
export function replayRun(simulation, seed, { frames, inputs, setup = {} }) {
  if (!Number.isSafeInteger(frames) || frames < 0 || frames > REPLAY_LIMITS.maxFrames) {
    return { isValid: false, reason: 'frames out of range' };
  }
  if (inputs.length > REPLAY_LIMITS.maxInputs) return { isValid: false, reason: 'too many inputs' };
  const random = seededRandom(seed);
  let state;
  try {
    state = simulation.start(random, setup);
  } catch {
    return { isValid: false, reason: 'setup refused' };
  }
  let next = 0;
  for (let frame = 0; frame <= frames; frame++) {
    for (; next < inputs.length && inputs[next]?.[0] === frame; next++) {
      const input = /** @type {[number, string]} */ (inputs[next])[1];
      if (!simulation.inputs.includes(input)) return { isValid: false, reason: 'unknown input' };
      if (simulation.isOver(state)) return { isValid: false, reason: 'input after the end' };
      state = simulation.input(state, input, random);
    }
    if (frame === frames) break;
    if (simulation.isOver(state)) return { isValid: false, reason: 'ended before the last frame' };
    state = simulation.step(state, random);
  }
  // Inputs left over were out of order or after the last frame.
  if (next < inputs.length) return { isValid: false, reason: 'inputs out of order' };
  return { isValid: true, score: simulation.score(state), isOver: simulation.isOver(state) };
}

/**
 * Runs a game on the page and records what the server needs to replay it.
 * @template State
 * @param {Simulation<State>} simulation
 * @param {object} options
 * @param {number} options.seed the launch's seed (a random one for a practice round)
 * @param {Record<string, number>} [options.setup] what the run depends on besides the seed, e.g. a board size
 * @param {number} [options.maxCatchUpMs] the most game time one call of `advance` may run: a tab that
 *   was in the background does not come back to a burst of frames the player could not see
 */
export function recordRun(simulation, { seed, setup = {}, maxCatchUpMs = 250 }) {
  const random = seededRandom(seed);
  let state = simulation.start(random, setup);
  let frames = 0;
  let pendingMs = 0;
  /** @type {Array<[number, string]>} */
  const inputs = [];

  return {
    get state() {
      return state;
    },
    get frames() {
      return frames;
    },
    /**
     * Gives an input now, before the next frame's step; an input after the end is ignored.
     * @param {string} input
     */
    press(input) {
      if (simulation.isOver(state) || !simulation.inputs.includes(input)) return;
      inputs.push([frames, input]);
      state = simulation.input(state, input, random);
    },
    /**
     * Runs the whole frames that `elapsedMs` of real time holds; the rest waits for the next call.
     * @param {number} elapsedMs
     */
    advance(elapsedMs) {
      pendingMs += Math.min(maxCatchUpMs, Math.max(0, elapsedMs));
      while (pendingMs >= FRAME_MS && !simulation.isOver(state) && frames < REPLAY_LIMITS.maxFrames) {
        state = simulation.step(state, random);
        frames++;
        pendingMs -= FRAME_MS;
      }
    },
    /** @returns {ReplayLog} */
    log() {
      return { frames, inputs: inputs.map(([frame, input]) => [frame, input]), setup: { ...setup } };
    },
  };
}

/**
 * A seed for a round PlayOn will not replay (opened directly, or Play again after the report).
 * @returns {number}
 */
export function practiceSeed() {
  return globalThis.crypto.getRandomValues(new Uint32Array(1))[0] ?? 0;
}

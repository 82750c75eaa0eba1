// @ts-check
// A game's clock: calls the game once per animation frame with the time that passed since the last
// one, and none while it is paused, so a paused run's simulation stands still and its replay
// (ADR 0015) counts only the time the player played.

/**
 * @typedef {object} FrameLoop
 * @property {() => void} start begins (again) from now: the first frame gets 0 ms
 * @property {() => void} stop ends the run's clock; no more frames until `start`
 * @property {() => void} pause holds the clock: no frame runs until `resume`
 * @property {() => void} resume goes on from now: the time paused is never handed to the game
 * @property {boolean} isRunning started and not stopped (paused or not)
 * @property {boolean} isPaused
 * @property {(listener: () => void) => void} onChange called after every start, stop, pause and resume
 */

/**
 * @param {(elapsedMs: number, now: number) => void} onFrame the game's frame: advance the run, draw it
 * @param {object} [options]
 * @param {(callback: (now: number) => void) => number} [options.requestFrame]
 * @param {(handle: number) => void} [options.cancelFrame]
 * @returns {FrameLoop}
 */
export function createFrameLoop(
  onFrame,
  {
    requestFrame = (callback) => requestAnimationFrame(callback),
    cancelFrame = (handle) => cancelAnimationFrame(handle),
  } = {},
) {
  /** @type {number | null} */
  let handle = null;
  /** @type {number | null} */
  let last = null;
  let isRunning = false;
  let isPaused = false;
  /** @type {Array<() => void>} */
  const listeners = [];
  const changed = () => {
    for (const listener of listeners) listener();
  };

  /** @param {number} now */
  const tick = (now) => {
    handle = null;
    if (!isRunning || isPaused) return;
    const elapsed = last === null ? 0 : now - last;
    last = now;
    onFrame(elapsed, now);
    if (isRunning && !isPaused && handle === null) handle = requestFrame(tick);
  };
  const cancel = () => {
    if (handle !== null) cancelFrame(handle);
    handle = null;
    last = null;
  };
  const schedule = () => {
    cancel();
    handle = requestFrame(tick);
  };

  return {
    start() {
      isRunning = true;
      isPaused = false;
      schedule();
      changed();
    },
    stop() {
      isRunning = false;
      isPaused = false;
      cancel();
      changed();
    },
    pause() {
      if (!isRunning || isPaused) return;
      isPaused = true;
      cancel();
      changed();
    },
    resume() {
      if (!isRunning || !isPaused) return;
      isPaused = false;
      schedule();
      changed();
    },
    onChange(listener) {
      listeners.push(listener);
    },
    get isRunning() {
      return isRunning;
    },
    get isPaused() {
      return isPaused;
    },
  };
}

// @vitest-environment jsdom
// @ts-check
import { afterEach, describe, expect, it } from 'vitest';
import { simulation } from '../../../games/matatu-rush/simulation.js';
import { createFrameLoop } from '../src/playon-loop.js';
import { mountPause } from '../src/playon-pause.js';
import { createPlayOn } from '../src/playon-sdk.js';
import { mountHeader } from '../src/playon-ui.js';
import { recordRun, replayRun } from '../src/replay.js';

/** Animation frames the test hands out itself, so time moves only when the test says. */
function fakeFrames() {
  /** @type {Map<number, (now: number) => void>} */
  const waiting = new Map();
  let next = 0;
  return {
    waiting,
    /** @param {(now: number) => void} callback */
    requestFrame: (callback) => {
      waiting.set(++next, callback);
      return next;
    },
    /** @param {number} handle */
    cancelFrame: (handle) => {
      waiting.delete(handle);
    },
    /** Runs the frame the game asked for, at `now`. @param {number} now */
    runFrame(now) {
      const [handle, callback] = [...waiting][0] ?? [];
      if (!handle || !callback) throw new Error('No frame was asked for');
      waiting.delete(handle);
      callback(now);
    },
  };
}

/** @type {import('../src/playon-loop.js').FrameLoop[]} */
const loops = [];

/** A Matatu Rush run on a page in `lang`, with its clock, its Pause button and the frames the test runs. */
function pausableRun(lang = 'sw') {
  const playOn = createPlayOn({
    location: { pathname: '/play/matatu-rush/', search: `?lang=${lang}`, hash: '' },
    history: { state: null, replaceState: () => {} },
  });
  const header = mountHeader('Matatu Rush', { playOn });
  const frames = fakeFrames();
  const seed = 42;
  const recording = recordRun(simulation, { seed, maxCatchUpMs: 50 });
  const loop = createFrameLoop((elapsedMs) => recording.advance(elapsedMs), frames);
  loops.push(loop);
  mountPause({ loop, header, playOn });
  return { loop, frames, recording, seed };
}

/** @param {string} key */
const press = (key) => window.dispatchEvent(new KeyboardEvent('keydown', { key, bubbles: true }));
const dialog = () => document.querySelector('[role="dialog"]');
const dialogName = () => {
  const id = dialog()?.getAttribute('aria-labelledby');
  return id ? document.getElementById(id)?.textContent : undefined;
};
const pauseButton = () => /** @type {HTMLButtonElement} */ (document.querySelector('[data-testid="pause"]'));

afterEach(() => {
  for (const loop of loops.splice(0)) loop.stop();
  document.body.replaceChildren();
});

describe('pausing a game', () => {
  it('stands the run still on P and goes on from the same frame on Esc, the paused time never played', () => {
    const { loop, frames, recording, seed } = pausableRun();
    loop.start();
    for (let now = 0; now <= 500; now += 20) frames.runFrame(now);
    const framesAtPause = recording.frames;
    expect(framesAtPause).toBeGreaterThan(20);
    const strayFrame = [...frames.waiting.values()][0];

    press('p');
    expect(loop.isPaused).toBe(true);
    expect(dialogName()).toBe('Mchezo umesimama');
    expect(frames.waiting.size).toBe(0);
    // Even a frame the browser had already queued moves nothing while paused.
    strayFrame?.(60_000);
    expect(recording.frames).toBe(framesAtPause);

    press('Escape');
    expect(loop.isPaused).toBe(false);
    expect(dialog()).toBeNull();
    frames.runFrame(90_000);
    expect(recording.frames).toBe(framesAtPause);
    frames.runFrame(90_100);
    expect(recording.frames).toBeGreaterThan(framesAtPause);
    expect(recording.frames).toBeLessThanOrEqual(framesAtPause + 6);

    // The server replays the paused run to the score the page showed.
    expect(replayRun(simulation, seed, recording.log())).toMatchObject({
      isValid: true,
      score: simulation.score(recording.state),
    });
  });

  it('pauses on its own when the player leaves the tab, and waits for them to resume', () => {
    const { loop, frames } = pausableRun();
    loop.start();
    frames.runFrame(0);
    Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => 'hidden' });
    document.dispatchEvent(new Event('visibilitychange'));
    // @ts-expect-error the test's own property goes, jsdom's getter shows again
    delete document.visibilityState;
    document.dispatchEvent(new Event('visibilitychange'));
    expect(loop.isPaused).toBe(true);
    expect(dialog()).not.toBeNull();
  });

  it('has a named Pause button while a run plays, and Resume takes the keyboard focus', () => {
    const { loop } = pausableRun('en');
    expect(pauseButton().hidden).toBe(true);
    loop.start();
    expect(pauseButton().hidden).toBe(false);
    expect(pauseButton().getAttribute('aria-label')).toBe('Pause');

    pauseButton().focus();
    pauseButton().click();
    expect(dialogName()).toBe('Paused');
    const resume = /** @type {HTMLButtonElement} */ (document.querySelector('[data-testid="resume"]'));
    expect(document.activeElement).toBe(resume);
    expect(resume.textContent).toBe('Resume');

    resume.click();
    expect(loop.isPaused).toBe(false);
    expect(dialog()).toBeNull();
    expect(document.activeElement).toBe(pauseButton());
  });

  it('keeps Tab inside the paused panel', () => {
    const { loop } = pausableRun('en');
    loop.start();
    press('P');
    const resume = document.querySelector('[data-testid="resume"]');
    const back = dialog()?.querySelector('a');
    /** @param {boolean} shiftKey */
    const tab = (shiftKey) =>
      document.activeElement?.dispatchEvent(
        new KeyboardEvent('keydown', { key: 'Tab', shiftKey, bubbles: true, cancelable: true }),
      );
    /** @type {HTMLElement} */ (back).focus();
    tab(false);
    expect(document.activeElement).toBe(resume);
    tab(true);
    expect(document.activeElement).toBe(back);
  });

  it('does nothing on P before a run starts or after it ended', () => {
    const { loop } = pausableRun('en');
    press('p');
    expect(dialog()).toBeNull();
    loop.start();
    loop.stop();
    press('Escape');
    expect(loop.isPaused).toBe(false);
    expect(dialog()).toBeNull();
    expect(pauseButton().hidden).toBe(true);
  });
});

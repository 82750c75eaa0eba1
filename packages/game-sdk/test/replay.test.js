// @ts-check
import { REPLAY_LIMITS as sharedLimits } from '@playon/shared/games';
import { describe, expect, it } from 'vitest';
import { FRAME_MS, REPLAY_LIMITS, recordRun, replayRun, seededRandom } from '../src/replay.js';

/**
 * A small game: every frame adds a random 0-9 while the pot is open; 'double' doubles the pot,
 * 'stop' closes it. Over once the pot reaches 1000.
 * @typedef {{ pot: number, isOpen: boolean }} Pot
 * @type {import('../src/replay.js').Simulation<Pot>}
 */
const potGame = {
  inputs: ['double', 'stop'],
  start: (_random, setup) => {
    if (setup.start !== undefined && setup.start < 0) throw new Error('a pot starts at 0 or more');
    return { pot: setup.start ?? 0, isOpen: true };
  },
  input: (state, input) =>
    input === 'stop' ? { ...state, isOpen: false } : { ...state, pot: state.pot * 2 },
  step: (state, random) => (state.isOpen ? { ...state, pot: state.pot + Math.floor(random() * 10) } : state),
  isOver: (state) => state.pot >= 1000,
  score: (state) => Math.min(1000, state.pot),
};

/**
 * Plays `frames` frames, giving `inputs[frame]` on those frames, as a page would.
 * @param {number} seed
 * @param {number} frames
 * @param {Record<number, string>} inputs
 */
function play(seed, frames, inputs) {
  const run = recordRun(potGame, { seed });
  for (let frame = 0; frame < frames && !potGame.isOver(run.state); frame++) {
    const input = inputs[frame];
    if (input) run.press(input);
    run.advance(FRAME_MS);
  }
  return run;
}

describe('the random source of a run', () => {
  it('gives the same numbers for the same seed and others for another seed', () => {
    const numbers = (/** @type {number} */ seed) => Array.from({ length: 5 }, seededRandom(seed));
    expect(numbers(42)).toEqual(numbers(42));
    expect(numbers(42)).not.toEqual(numbers(43));
    for (const value of numbers(7)) expect(value >= 0 && value < 1).toBe(true);
  });
});

describe('a recorded run replayed', () => {
  it('reaches the very score the page showed', () => {
    const run = play(99, 60, { 10: 'double', 30: 'double', 45: 'stop' });
    expect(run.frames).toBe(60);
    const log = run.log();
    expect(log.inputs).toEqual([
      [10, 'double'],
      [30, 'double'],
      [45, 'stop'],
    ]);
    expect(replayRun(potGame, 99, log)).toEqual({
      isValid: true,
      score: potGame.score(run.state),
      isOver: false,
    });
  });

  it('reaches another score from another seed, or with an input moved by one frame', () => {
    const log = play(99, 60, { 10: 'double', 45: 'stop' }).log();
    const score = /** @type {{ score: number }} */ (replayRun(potGame, 99, log)).score;
    expect(replayRun(potGame, 100, log)).toMatchObject({ isValid: true });
    expect(replayRun(potGame, 100, log)).not.toMatchObject({ score });
    const moved = {
      ...log,
      inputs: log.inputs.map(([frame, input]) => /** @type {[number, string]} */ ([frame + 1, input])),
    };
    expect(replayRun(potGame, 99, moved)).not.toMatchObject({ score });
  });

  it('stops recording at the end of the game, and replays to the end', () => {
    const run = play(5, 10_000, { 3: 'double', 20: 'double', 40: 'double', 60: 'double', 80: 'double' });
    expect(potGame.isOver(run.state)).toBe(true);
    const given = run.log().inputs.length;
    run.press('double');
    const log = run.log();
    expect(log.inputs).toHaveLength(given);
    expect(replayRun(potGame, 5, log)).toEqual({ isValid: true, score: 1000, isOver: true });
  });
});

describe('a replay log that no page records', () => {
  const log = play(3, 40, { 10: 'double' }).log();

  it('is refused when it names an input the game does not have', () => {
    expect(replayRun(potGame, 3, { ...log, inputs: [[10, 'triple']] })).toEqual({
      isValid: false,
      reason: 'unknown input',
    });
  });

  it('is refused when its inputs are out of order or after its last frame', () => {
    const outOfOrder = {
      ...log,
      inputs: /** @type {Array<[number, string]>} */ ([
        [20, 'double'],
        [10, 'stop'],
      ]),
    };
    expect(replayRun(potGame, 3, outOfOrder)).toMatchObject({ isValid: false });
    expect(replayRun(potGame, 3, { ...log, inputs: [[41, 'double']] })).toMatchObject({ isValid: false });
  });

  it('is refused when it goes on after the game ended', () => {
    const ended = play(5, 10_000, {
      3: 'double',
      20: 'double',
      40: 'double',
      60: 'double',
      80: 'double',
    }).log();
    expect(replayRun(potGame, 5, { ...ended, frames: ended.frames + 10 })).toEqual({
      isValid: false,
      reason: 'ended before the last frame',
    });
    const late = {
      ...ended,
      inputs: [...ended.inputs, /** @type {[number, string]} */ ([ended.frames, 'stop'])],
    };
    expect(replayRun(potGame, 5, late)).toEqual({ isValid: false, reason: 'input after the end' });
  });

  it('is refused when the game cannot be set up that way', () => {
    expect(replayRun(potGame, 3, { ...log, setup: { start: -5 } })).toEqual({
      isValid: false,
      reason: 'setup refused',
    });
  });

  it('is refused past the limits, before any frame is played', () => {
    let steps = 0;
    const counted = { ...potGame, step: (/** @type {Pot} */ state) => ({ ...state, pot: steps++ * 0 }) };
    expect(replayRun(counted, 3, { frames: REPLAY_LIMITS.maxFrames + 1, inputs: [] })).toMatchObject({
      isValid: false,
    });
    const flood = Array.from(
      { length: REPLAY_LIMITS.maxInputs + 1 },
      () => /** @type {[number, string]} */ ([0, 'stop']),
    );
    expect(replayRun(counted, 3, { frames: 10, inputs: flood })).toMatchObject({ isValid: false });
    expect(steps).toBe(0);
  });

  it('keeps the limits the server parses reports with', () => {
    expect(REPLAY_LIMITS).toEqual(sharedLimits);
  });
});

describe('recording on the page', () => {
  it('runs whole frames of the time that passed and keeps the rest for the next call', () => {
    const run = recordRun(potGame, { seed: 1 });
    run.advance(FRAME_MS * 2.5);
    expect(run.frames).toBe(2);
    run.advance(FRAME_MS * 0.5);
    expect(run.frames).toBe(3);
  });

  it('does not catch up more than the allowed time after the tab was in the background', () => {
    const run = recordRun(potGame, { seed: 1, maxCatchUpMs: 60 });
    run.advance(60_000);
    expect(run.frames).toBe(3);
  });

  it('records the inputs of the game only', () => {
    const run = recordRun(potGame, { seed: 1 });
    run.press('jump');
    run.press('stop');
    expect(run.log().inputs).toEqual([[0, 'stop']]);
  });
});

// @ts-check
import { describe, expect, it } from 'vitest';
import { FRAME_MS, recordRun, replayRun } from '../../../packages/game-sdk/src/replay.js';
import { simulation } from '../simulation.js';

const CYCLE = ['left', 'down', 'right', 'down'];

/**
 * A player who slides round the same four ways, one slide every ten frames, for up to `moves` slides.
 * @param {number} seed
 * @param {number} moves
 */
function recordCycle(seed, moves) {
  const recording = recordRun(simulation, { seed });
  for (let move = 0; move < moves && !simulation.isOver(recording.state); move++) {
    recording.press(/** @type {string} */ (CYCLE[move % CYCLE.length]));
    for (let frame = 0; frame < 10; frame++) recording.advance(FRAME_MS);
  }
  return recording;
}

describe('a game PlayOn replays', () => {
  it('reaches on the server exactly the score the player saw on the page', () => {
    for (const seed of [1, 2, 3]) {
      const recording = recordCycle(seed, 400);
      expect(recording.state.score).toBeGreaterThan(100);
      expect(replayRun(simulation, seed, recording.log())).toMatchObject({
        isValid: true,
        score: recording.state.score,
      });
    }
  });

  it('counts a game ended with End game as it stood', () => {
    const recording = recordCycle(4, 30);
    expect(simulation.isOver(recording.state)).toBe(false);
    expect(replayRun(simulation, 4, recording.log())).toEqual({
      isValid: true,
      score: recording.state.score,
      isOver: false,
    });
  });

  it('gives other new tiles from another seed, and another score without one of the slides', () => {
    const log = recordCycle(7, 200).log();
    const replayed = replayRun(simulation, 7, log);
    expect(replayRun(simulation, 8, log)).not.toEqual(replayed);
    const skipped = { ...log, inputs: log.inputs.filter((_, index) => index !== 1) };
    expect(replayRun(simulation, 7, skipped)).not.toEqual(replayed);
  });
});

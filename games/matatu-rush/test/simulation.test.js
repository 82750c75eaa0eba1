// @ts-check
import { describe, expect, it } from 'vitest';
import { FRAME_MS, recordRun, replayRun } from '../../../packages/game-sdk/src/replay.js';
import { scoreOf } from '../road.js';
import { simulation } from '../simulation.js';
import { recordDrive } from './driver.js';

describe('a run PlayOn replays', () => {
  it('reaches on the server exactly the score the careful player saw on the page', () => {
    for (const seed of [11, 12, 13]) {
      const recording = recordDrive({ seed, seconds: 45 });
      const log = recording.log();
      expect(log.inputs.length).toBeGreaterThan(5);
      expect(replayRun(simulation, seed, log)).toEqual({
        isValid: true,
        score: scoreOf(recording.state),
        isOver: recording.state.isCrashed,
      });
    }
  });

  it('gives the steering of one seed other traffic under another seed', () => {
    const log = recordDrive({ seed: 21, seconds: 45 }).log();
    expect(replayRun(simulation, 22, log)).not.toEqual(replayRun(simulation, 21, log));
  });

  it('does not last 26 seconds without steering: traffic comes down the lane first', () => {
    const frames = 26 * 60;
    expect(replayRun(simulation, 5, { frames, inputs: [] })).toEqual({
      isValid: false,
      reason: 'ended before the last frame',
    });
  });

  it('ends somewhere else when one steering input is dropped', () => {
    const seed = 31;
    const recording = recordDrive({ seed, seconds: 45 });
    const log = recording.log();
    const tampered = { ...log, inputs: log.inputs.filter((_, index) => index !== 2) };
    expect(replayRun(simulation, seed, tampered)).not.toEqual(replayRun(simulation, seed, log));
  });

  it('is started from the seed alone: the same seed, the same traffic', () => {
    const first = recordRun(simulation, { seed: 8 });
    const second = recordRun(simulation, { seed: 8 });
    first.advance(FRAME_MS * 3);
    second.advance(FRAME_MS * 3);
    for (let i = 0; i < 200; i++) {
      first.advance(FRAME_MS);
      second.advance(FRAME_MS);
    }
    expect(first.state).toEqual(second.state);
  });
});

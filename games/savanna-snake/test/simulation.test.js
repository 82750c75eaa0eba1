// @ts-check
import { describe, expect, it } from 'vitest';
import { FRAME_MS, recordRun, replayRun } from '../../../packages/game-sdk/src/replay.js';
import { simulation } from '../simulation.js';

/** @typedef {import('../simulation.js').SnakeRun} SnakeRun */

/**
 * A hungry player: turns towards the fruit whenever it can, on the page's frame clock.
 * @param {number} seed
 * @param {{ cols: number, rows: number }} setup
 */
function recordHungryRun(seed, setup) {
  const recording = recordRun(simulation, { seed, setup });
  while (!simulation.isOver(recording.state) && recording.frames < 60 * 60 * 5) {
    const { snake, food } = recording.state.game;
    const head = snake[0];
    if (head && food) {
      const wanted = food.x < head.x ? 'left' : food.x > head.x ? 'right' : food.y < head.y ? 'up' : 'down';
      recording.press(wanted);
    }
    recording.advance(FRAME_MS);
  }
  return recording;
}

describe('a run PlayOn replays', () => {
  it('reaches on the server exactly the score the hungry player saw on the page', () => {
    for (const seed of [1, 2, 3]) {
      const recording = recordHungryRun(seed, { cols: 15, rows: 26 });
      expect(recording.state.game.score).toBeGreaterThan(0);
      expect(replayRun(simulation, seed, recording.log())).toEqual({
        isValid: true,
        score: recording.state.game.score,
        isOver: true,
      });
    }
  });

  it('steps at the same frames whatever the speed: one step each 160 ms at the start', () => {
    const recording = recordRun(simulation, { seed: 4, setup: { cols: 15, rows: 26 } });
    const start = recording.state.game.snake[0];
    for (let frame = 0; frame < 48; frame++) recording.advance(FRAME_MS);
    // 48 frames are 800 ms: five steps of 160 ms.
    expect(recording.state.game.snake[0]).toEqual({ x: start?.x, y: (start?.y ?? 0) - 5 });
  });

  it('is played on the board the page sized, and only on one the page can make', () => {
    const log = recordHungryRun(5, { cols: 15, rows: 26 }).log();
    expect(replayRun(simulation, 5, { ...log, setup: { cols: 30, rows: 15 } })).not.toEqual(
      replayRun(simulation, 5, log),
    );
    /** @type {Array<Record<string, number>>} */
    const boards = [{ cols: 100, rows: 100 }, { cols: 14, rows: 20 }, { cols: 15 }, {}];
    for (const setup of boards) {
      expect(replayRun(simulation, 5, { ...log, setup })).toEqual({
        isValid: false,
        reason: 'setup refused',
      });
    }
  });

  it('ends elsewhere when the turns are changed', () => {
    const log = recordHungryRun(6, { cols: 15, rows: 26 }).log();
    const flipped = {
      ...log,
      inputs: log.inputs.map(
        ([frame, input]) => /** @type {[number, string]} */ ([frame, input === 'left' ? 'right' : input]),
      ),
    };
    expect(replayRun(simulation, 6, flipped)).not.toEqual(replayRun(simulation, 6, log));
  });
});

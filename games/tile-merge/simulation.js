// @ts-check
// Tile Merge as PlayOn replays it (game.json "scoring": "replay"): the new tiles come from the
// launch's seed, so a score counts only if the recorded slides reach it. Frames only count time here.
import { addRandomTile, canMove, move, newBoard } from './board.js';

/** @typedef {{ board: number[], score: number, merged: number[], spawned: number | null }} MergeRun */

/** @type {import('/play/sdk/replay.js').Simulation<MergeRun>} */
export const simulation = {
  inputs: ['up', 'down', 'left', 'right'],
  start: (random) => ({ board: newBoard(random), score: 0, merged: [], spawned: null }),
  input(run, input, random) {
    const result = move(run.board, /** @type {import('./board.js').Direction} */ (input));
    if (!result.moved) return run;
    const added = addRandomTile(result.board, random);
    return {
      board: added.board,
      score: run.score + result.gained,
      merged: result.merged,
      spawned: added.cell,
    };
  },
  step: (run) => run,
  isOver: (run) => !canMove(run.board),
  score: (run) => run.score,
};

// @ts-check
// Test drivers for Matatu Rush: a repeatable random source, and a player who dodges what is ahead.
import { FRAME_MS, recordRun, seededRandom } from '../../../packages/game-sdk/src/replay.js';
import { advance, createRun, KINDS, LANES, PLAYER, PLAYER_Y, steer } from '../road.js';
import { simulation } from '../simulation.js';

export { seededRandom };

/** @typedef {import('../road.js').Run} Run */

export const FRAME_S = 1 / 60;
/** How close (in screen heights) the careful player lets a vehicle come before changing lanes. */
const SAFE_ROOM = 0.45;
/** The room it needs in a lane it crosses on the way to a clear one. */
const PASSING_ROOM = 0.35;

/**
 * How far ahead the nearest vehicle in each lane is (Infinity when the lane is clear).
 * @param {Run} run
 */
function roomAhead(run) {
  return Array.from({ length: LANES }, (_, lane) => {
    const ahead = run.vehicles.filter(
      (vehicle) =>
        vehicle.lane === lane && vehicle.y - KINDS[vehicle.kind].length / 2 < PLAYER_Y + PLAYER.length,
    );
    return Math.min(Infinity, ...ahead.map((vehicle) => PLAYER_Y - vehicle.y));
  });
}

/**
 * A careful player: when traffic comes close, heads for the lane with the most room ahead.
 * @param {Run} run
 * @returns {-1 | 0 | 1} the way to steer, 0 to stay
 */
function dodge(run) {
  if (run.x !== run.lane) return 0;
  const room = roomAhead(run);
  if ((room[run.lane] ?? 0) > SAFE_ROOM) return 0;
  const best = room.indexOf(Math.max(...room));
  if (best === run.lane) return 0;
  const delta = best > run.lane ? 1 : -1;
  return (room[run.lane + delta] ?? 0) > PASSING_ROOM ? delta : 0;
}

/**
 * Plays a run frame by frame until it crashes or `seconds` have passed.
 * @param {{ seed: number, seconds: number, isDodging: boolean, onFrame?: (run: Run) => void }} options
 * @returns {Run}
 */
export function drive({ seed, seconds, isDodging, onFrame = () => {} }) {
  const random = seededRandom(seed);
  let run = createRun();
  while (!run.isCrashed && run.time < seconds) {
    const delta = isDodging ? dodge(run) : 0;
    if (delta !== 0) run = steer(run, delta);
    run = advance(run, FRAME_S, random);
    onFrame(run);
  }
  return run;
}

/**
 * The careful player on the game page: its steering recorded for PlayOn's replay, as the page does.
 * @param {{ seed: number, seconds: number }} options
 */
export function recordDrive({ seed, seconds }) {
  const recording = recordRun(simulation, { seed });
  while (!recording.state.isCrashed && recording.frames < seconds * 60) {
    const delta = dodge(recording.state);
    if (delta !== 0) recording.press(delta < 0 ? 'left' : 'right');
    recording.advance(FRAME_MS);
  }
  return recording;
}

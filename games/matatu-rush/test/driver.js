// @ts-check
// Test drivers for Matatu Rush: a repeatable random source, and a player who dodges what is ahead.
import { advance, createRun, KINDS, LANES, PLAYER, PLAYER_Y, steer } from '../road.js';

/** @typedef {import('../road.js').Run} Run */

export const FRAME_S = 1 / 60;
/** How close (in screen heights) the careful player lets a vehicle come before changing lanes. */
const SAFE_ROOM = 0.45;
/** The room it needs in a lane it crosses on the way to a clear one. */
const PASSING_ROOM = 0.35;

/** @param {number} seed */
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
 * @returns {Run}
 */
function dodge(run) {
  if (run.x !== run.lane) return run;
  const room = roomAhead(run);
  if ((room[run.lane] ?? 0) > SAFE_ROOM) return run;
  const best = room.indexOf(Math.max(...room));
  if (best === run.lane) return run;
  const delta = best > run.lane ? 1 : -1;
  return (room[run.lane + delta] ?? 0) > PASSING_ROOM ? steer(run, delta) : run;
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
    if (isDodging) run = dodge(run);
    run = advance(run, FRAME_S, random);
    onFrame(run);
  }
  return run;
}

// @ts-check
// The rules of Matatu Rush: a run on a three-lane road, as pure functions of time. Distances are in
// screen heights (the road is 1 tall), across the road in lanes (0, 1, 2).

export const LANES = 3;
export const PLAYER_Y = 0.84;
export const PLAYER = Object.freeze({ length: 0.13, width: 0.58 });
const LANE_CHANGE_PER_S = 8;

export const BASE_SPEED = 0.5;
export const MAX_SPEED = 1.25;
const SPEED_UP_PER_S = 0.012;
/** Points for each screen height driven: 10 points a second at the starting speed. */
export const POINTS_PER_DISTANCE = 20;
/** Points for each vehicle safely passed. */
export const PASS_BONUS = 5;
/** The meter stops here (game.json's maxPoints); a two-hour play session could not go past it honestly. */
export const MAX_POINTS = 250_000;

const FIRST_ROW_S = 1.5;
export const SLOWEST_GAP_S = 1.2;
export const FASTEST_GAP_S = 0.55;
const GAP_SHRINK_PER_S = 0.008;
/** A player who stays in one lane meets traffic in it at least this often: sitting still is no strategy. */
export const PRESSURE_S = 3;

/** @typedef {'car' | 'bus' | 'lorry' | 'boda'} VehicleKind */
/** @type {Readonly<Record<VehicleKind, { length: number, width: number }>>} */
export const KINDS = Object.freeze({
  car: { length: 0.11, width: 0.56 },
  bus: { length: 0.17, width: 0.62 },
  lorry: { length: 0.15, width: 0.62 },
  boda: { length: 0.07, width: 0.3 },
});
const KIND_NAMES = /** @type {VehicleKind[]} */ (Object.keys(KINDS));

/**
 * @typedef {{ id: number, kind: VehicleKind, lane: number, y: number, colour: number, isPassed: boolean }} Vehicle
 * @typedef {object} Run
 * @property {number} time seconds since the start
 * @property {number} distance screen heights driven
 * @property {number} points
 * @property {number} lane the lane the matatu is heading to
 * @property {number} x where the matatu is now, in lanes (between lanes while changing)
 * @property {Vehicle[]} vehicles
 * @property {number} nextRowAt when the next row of traffic appears
 * @property {number[]} laneTrafficAt when traffic last appeared in each lane
 * @property {boolean} isCrashed
 * @property {number} nextId
 */

/** @returns {Run} */
export function createRun() {
  return {
    time: 0,
    distance: 0,
    points: 0,
    lane: 1,
    x: 1,
    vehicles: [],
    nextRowAt: FIRST_ROW_S,
    laneTrafficAt: [0, 0, 0],
    isCrashed: false,
    nextId: 1,
  };
}

/** @param {number} time */
export const speedAt = (time) => Math.min(MAX_SPEED, BASE_SPEED + SPEED_UP_PER_S * time);
/** @param {number} time */
export const gapAt = (time) => Math.max(FASTEST_GAP_S, SLOWEST_GAP_S - GAP_SHRINK_PER_S * time);
/** @param {number} time the chance that a row has two vehicles rather than one */
const pairChanceAt = (time) => Math.min(0.45, 0.15 + 0.005 * time);

/**
 * Steers one lane left (-1) or right (+1); the road's edge stops it.
 * @param {Run} run
 * @param {-1 | 1} delta
 * @returns {Run}
 */
export function steer(run, delta) {
  if (run.isCrashed) return run;
  return { ...run, lane: Math.min(LANES - 1, Math.max(0, run.lane + delta)) };
}

/**
 * The lanes of a new row of traffic: one or two, never all three. The first row spares the matatu's
 * lane; after that, a lane the matatu has had to itself for PRESSURE_S gets traffic.
 * @param {Run} run
 * @param {() => number} random
 * @returns {number[]}
 */
export function rowLanes(run, random) {
  const isFirstRow = run.nextId === 1;
  if (isFirstRow) return [(run.lane + 1 + Math.floor(random() * (LANES - 1))) % LANES];
  const count = random() < pairChanceAt(run.time) ? 2 : 1;
  const lanes = [0, 1, 2]
    .map((lane) => ({ lane, order: random() }))
    .sort((a, b) => a.order - b.order)
    .slice(0, count)
    .map((entry) => entry.lane);
  const isLeftAlone = run.time - (run.laneTrafficAt[run.lane] ?? 0) >= PRESSURE_S;
  if (isLeftAlone && !lanes.includes(run.lane)) lanes[0] = run.lane;
  return lanes;
}

/**
 * @param {Vehicle} vehicle
 * @param {number} x the matatu's position across the road
 */
export function hits(vehicle, x) {
  const kind = KINDS[vehicle.kind];
  return (
    Math.abs(vehicle.lane - x) < (kind.width + PLAYER.width) / 2 &&
    Math.abs(vehicle.y - PLAYER_Y) < (kind.length + PLAYER.length) / 2
  );
}

/**
 * Moves the run on by `dt` seconds.
 * @param {Run} run
 * @param {number} dt
 * @param {() => number} random a number in [0, 1)
 * @returns {Run}
 */
export function advance(run, dt, random) {
  if (run.isCrashed) return run;
  const time = run.time + dt;
  const travelled = speedAt(time) * dt;
  const step = Math.sign(run.lane - run.x) * Math.min(Math.abs(run.lane - run.x), LANE_CHANGE_PER_S * dt);
  const x = run.x + step;
  let bonus = 0;
  const vehicles = [];
  for (const vehicle of run.vehicles) {
    const moved = { ...vehicle, y: vehicle.y + travelled };
    if (!moved.isPassed && moved.y - KINDS[moved.kind].length / 2 > PLAYER_Y + PLAYER.length / 2) {
      moved.isPassed = true;
      bonus += PASS_BONUS;
    }
    if (moved.y - KINDS[moved.kind].length / 2 < 1) vehicles.push(moved);
  }
  let next = { ...run, time, x, vehicles, distance: run.distance + travelled };
  next.points = Math.min(MAX_POINTS, run.points + travelled * POINTS_PER_DISTANCE + bonus);
  if (time >= run.nextRowAt) next = addRow(next, random);
  return { ...next, isCrashed: next.vehicles.some((vehicle) => hits(vehicle, x)) };
}

/**
 * @param {Run} run
 * @param {() => number} random
 * @returns {Run}
 */
function addRow(run, random) {
  const lanes = rowLanes(run, random);
  let nextId = run.nextId;
  const row = lanes.map((lane) => {
    const kind = /** @type {VehicleKind} */ (KIND_NAMES[Math.floor(random() * KIND_NAMES.length)]);
    return {
      id: nextId++,
      kind,
      lane,
      y: -KINDS[kind].length / 2,
      colour: Math.floor(random() * 6),
      isPassed: false,
    };
  });
  return {
    ...run,
    vehicles: [...run.vehicles, ...row],
    nextId,
    nextRowAt: run.time + gapAt(run.time),
    laneTrafficAt: run.laneTrafficAt.map((at, lane) => (lanes.includes(lane) ? run.time : at)),
  };
}

/**
 * The points a player sees and reports: whole points.
 * @param {Run} run
 */
export const scoreOf = (run) => Math.floor(run.points);

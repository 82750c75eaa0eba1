// @ts-check
// Paints the highway seen from above: savanna verges, the road, oncoming traffic and the matatu.
import { KINDS, LANES, PLAYER, PLAYER_Y } from './road.js';
import { drawMatatu, drawVehicle } from './vehicles.js';

const VERGE = '#231f16';
const TUFT = '#3d3520';
const ROAD = '#1c2233';
const EDGE_LINE = '#cbd5e1';
const LANE_LINE = '#64748b';
const DASH_PERIOD = 0.14;

/**
 * Fits the canvas to its box at the screen's pixel density.
 * @param {HTMLCanvasElement} canvas
 */
export function fitCanvas(canvas) {
  const box = canvas.getBoundingClientRect();
  const ratio = window.devicePixelRatio || 1;
  canvas.width = Math.round(box.width * ratio);
  canvas.height = Math.round(box.height * ratio);
  const context = /** @type {CanvasRenderingContext2D} */ (canvas.getContext('2d'));
  context.setTransform(ratio, 0, 0, ratio, 0, 0);
  const roadWidth = Math.min(box.width * 0.8, box.height * 0.62);
  return {
    context,
    width: box.width,
    height: box.height,
    roadLeft: (box.width - roadWidth) / 2,
    laneWidth: roadWidth / LANES,
  };
}

/** @typedef {ReturnType<typeof fitCanvas>} View */

/**
 * @param {View} view
 * @param {import('./road.js').Run} run
 * @param {number} crashGlow 0 to 1: how red the screen flashes after a crash
 * @param {boolean} isShaking whether the crash shakes the screen (not for a player who asks for reduced motion)
 */
export function drawScene(view, run, crashGlow = 0, isShaking = true) {
  const { context, width, height, roadLeft, laneWidth } = view;
  const shake = crashGlow > 0 && isShaking ? Math.sin(crashGlow * 40) * 6 * crashGlow : 0;
  context.save();
  context.translate(shake, 0);
  drawVerges(view, run.distance);
  context.fillStyle = ROAD;
  context.fillRect(roadLeft, 0, laneWidth * LANES, height);
  drawLines(view, run.distance);
  const laneCentre = (/** @type {number} */ lane) => roadLeft + (lane + 0.5) * laneWidth;
  for (const vehicle of run.vehicles) {
    const kind = KINDS[vehicle.kind];
    drawVehicle(context, vehicle, {
      x: laneCentre(vehicle.lane),
      y: vehicle.y * height,
      width: kind.width * laneWidth,
      length: kind.length * height,
    });
  }
  drawMatatu(context, {
    x: laneCentre(run.x),
    y: PLAYER_Y * height,
    width: PLAYER.width * laneWidth,
    length: PLAYER.length * height,
    tilt: (run.lane - run.x) * -0.25,
  });
  context.restore();
  if (crashGlow > 0) {
    context.fillStyle = `rgb(248 113 113 / ${Math.round(crashGlow * 45)}%)`;
    context.fillRect(0, 0, width, height);
  }
}

/**
 * @param {View} view
 * @param {number} distance
 */
function drawVerges({ context, width, height, roadLeft, laneWidth }, distance) {
  context.fillStyle = VERGE;
  context.fillRect(0, 0, width, height);
  context.fillStyle = TUFT;
  const roadRight = roadLeft + laneWidth * LANES;
  for (let i = 0; i < 14; i++) {
    const y = ((((i * 0.377 + distance) % 1.3) + 1.3) % 1.3) * height - 0.15 * height;
    const onLeft = i % 2 === 0;
    const room = onLeft ? roadLeft : width - roadRight;
    const x = (onLeft ? 0 : roadRight) + room * (0.2 + ((i * 0.61) % 0.6));
    context.beginPath();
    context.ellipse(x, y, Math.min(14, Math.max(3, room * 0.18)), 5, 0, 0, Math.PI * 2);
    context.fill();
  }
}

/**
 * @param {View} view
 * @param {number} distance
 */
function drawLines({ context, height, roadLeft, laneWidth }, distance) {
  context.fillStyle = EDGE_LINE;
  context.fillRect(roadLeft + 4, 0, 3, height);
  context.fillRect(roadLeft + laneWidth * LANES - 7, 0, 3, height);
  context.fillStyle = LANE_LINE;
  const period = DASH_PERIOD * height;
  const offset = ((distance * height) % period) - period;
  for (let lane = 1; lane < LANES; lane++) {
    for (let y = offset; y < height; y += period)
      context.fillRect(roadLeft + lane * laneWidth - 2, y, 4, period * 0.5);
  }
}

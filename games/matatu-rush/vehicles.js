// @ts-check
// Top-down vehicles. Oncoming traffic faces down the screen; the matatu faces up.

const PAINT = ['#60a5fa', '#f87171', '#a78bfa', '#34d399', '#e5e7eb', '#fb7185'];
const GLASS = '#0f172a';
const LIGHT = '#fef3c7';

/**
 * @typedef {{ x: number, y: number, width: number, length: number }} Box centre and size in pixels
 */

/**
 * @param {CanvasRenderingContext2D} context
 * @param {number} left
 * @param {number} top
 * @param {number} width
 * @param {number} height
 * @param {number} radius
 * @param {string} colour
 */
function block(context, left, top, width, height, radius, colour) {
  context.fillStyle = colour;
  context.beginPath();
  context.roundRect(left, top, width, height, radius);
  context.fill();
}

/**
 * @param {CanvasRenderingContext2D} context
 * @param {import('./road.js').Vehicle} vehicle
 * @param {Box} box
 */
export function drawVehicle(context, vehicle, { x, y, width, length }) {
  const paint = PAINT[vehicle.colour % PAINT.length] ?? '#e5e7eb';
  const left = x - width / 2;
  const top = y - length / 2;
  const front = top + length;
  if (vehicle.kind === 'boda') {
    block(context, x - width * 0.14, top, width * 0.28, length, width * 0.14, '#475569');
    context.fillStyle = paint;
    context.beginPath();
    context.arc(x, y - length * 0.05, width * 0.32, 0, Math.PI * 2);
    context.fill();
    block(context, x - width * 0.45, front - length * 0.3, width * 0.9, length * 0.08, 2, '#94a3b8');
    block(context, x - width * 0.1, front - length * 0.08, width * 0.2, length * 0.08, 2, LIGHT);
    return;
  }
  if (vehicle.kind === 'lorry') {
    block(context, left, top, width, length * 0.7, 4, '#94a3b8');
    block(context, left + width * 0.04, front - length * 0.28, width * 0.92, length * 0.28, 6, paint);
    block(context, left + width * 0.14, front - length * 0.12, width * 0.72, length * 0.07, 3, GLASS);
  } else {
    block(context, left, top, width, length, vehicle.kind === 'bus' ? 6 : width * 0.28, paint);
    const glassLength = vehicle.kind === 'bus' ? length * 0.12 : length * 0.2;
    block(
      context,
      left + width * 0.12,
      front - glassLength - length * 0.1,
      width * 0.76,
      glassLength,
      4,
      GLASS,
    );
    if (vehicle.kind === 'bus')
      block(
        context,
        left + width * 0.2,
        top + length * 0.1,
        width * 0.6,
        length * 0.6,
        4,
        'rgb(15 23 42 / 25%)',
      );
    else block(context, left + width * 0.16, top + length * 0.12, width * 0.68, length * 0.16, 4, GLASS);
  }
  block(context, left + width * 0.08, front - 5, width * 0.2, 4, 2, LIGHT);
  block(context, left + width * 0.72, front - 5, width * 0.2, 4, 2, LIGHT);
}

/**
 * PlayOn's matatu: amber, with the stripes and the roof rack of a Nairobi minibus.
 * @param {CanvasRenderingContext2D} context
 * @param {Box & { tilt: number }} box
 */
export function drawMatatu(context, { x, y, width, length, tilt }) {
  context.save();
  context.translate(x, y);
  context.rotate(tilt);
  const left = -width / 2;
  const top = -length / 2;
  context.shadowColor = 'rgb(245 158 11 / 55%)';
  context.shadowBlur = 14;
  block(context, left, top, width, length, width * 0.2, '#f59e0b');
  context.shadowBlur = 0;
  block(context, left, top + length * 0.42, width, length * 0.09, 0, '#16a34a');
  block(context, left, top + length * 0.53, width, length * 0.05, 0, '#dc2626');
  block(context, left + width * 0.12, top + length * 0.1, width * 0.76, length * 0.18, 5, GLASS);
  block(context, left + width * 0.18, top + length * 0.62, width * 0.64, length * 0.28, 4, '#92400e');
  context.strokeStyle = '#fcd34d';
  context.lineWidth = 1.5;
  for (let i = 1; i < 4; i++) {
    const rail = top + length * (0.62 + i * 0.07);
    context.beginPath();
    context.moveTo(left + width * 0.2, rail);
    context.lineTo(left + width * 0.8, rail);
    context.stroke();
  }
  block(context, left + width * 0.08, top + 1, width * 0.2, 4, 2, LIGHT);
  block(context, left + width * 0.72, top + 1, width * 0.2, 4, 2, LIGHT);
  context.restore();
}

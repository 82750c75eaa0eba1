// @ts-check
// Paints the savanna, the fruit and the snake on a canvas sized to its box.

const FIELD = ['#1a2437', '#1d283d'];
const EDGE = '#2a3350';
const SNAKE_HEAD = [245, 158, 11];
const SNAKE_TAIL = [194, 65, 12];

/**
 * Fits the canvas to its box at the screen's pixel density and says where the board goes.
 * @param {HTMLCanvasElement} canvas
 * @param {{ cols: number, rows: number }} grid
 */
export function fitCanvas(canvas, { cols, rows }) {
  const box = canvas.getBoundingClientRect();
  const ratio = window.devicePixelRatio || 1;
  canvas.width = Math.round(box.width * ratio);
  canvas.height = Math.round(box.height * ratio);
  const cell = Math.floor(Math.min(box.width / cols, box.height / rows));
  const context = /** @type {CanvasRenderingContext2D} */ (canvas.getContext('2d'));
  context.setTransform(ratio, 0, 0, ratio, 0, 0);
  return {
    context,
    cell,
    left: Math.floor((box.width - cell * cols) / 2),
    top: Math.floor((box.height - cell * rows) / 2),
  };
}

/**
 * @param {ReturnType<typeof fitCanvas>} view
 * @param {import('./snake.js').SnakeGame} game
 */
export function drawGame({ context, cell, left, top }, game) {
  context.clearRect(0, 0, context.canvas.width, context.canvas.height);
  context.save();
  context.translate(left, top);
  for (let y = 0; y < game.rows; y++) {
    for (let x = 0; x < game.cols; x++) {
      context.fillStyle = /** @type {string} */ (FIELD[(x + y) % 2]);
      context.fillRect(x * cell, y * cell, cell, cell);
    }
  }
  context.strokeStyle = EDGE;
  context.lineWidth = 2;
  context.strokeRect(-1, -1, game.cols * cell + 2, game.rows * cell + 2);
  if (game.food) drawFruit(context, cell, game.food);
  drawSnake(context, cell, game);
  context.restore();
}

/**
 * @param {CanvasRenderingContext2D} context
 * @param {number} cell
 * @param {{ x: number, y: number }} food
 */
function drawFruit(context, cell, food) {
  const cx = (food.x + 0.5) * cell;
  const cy = (food.y + 0.55) * cell;
  context.fillStyle = '#ef4444';
  context.beginPath();
  context.arc(cx, cy, cell * 0.34, 0, Math.PI * 2);
  context.fill();
  context.fillStyle = 'rgb(255 255 255 / 35%)';
  context.beginPath();
  context.arc(cx - cell * 0.11, cy - cell * 0.1, cell * 0.09, 0, Math.PI * 2);
  context.fill();
  context.fillStyle = '#4ade80';
  context.beginPath();
  context.ellipse(cx + cell * 0.12, cy - cell * 0.36, cell * 0.14, cell * 0.07, -0.5, 0, Math.PI * 2);
  context.fill();
}

/**
 * @param {CanvasRenderingContext2D} context
 * @param {number} cell
 * @param {import('./snake.js').SnakeGame} game
 */
function drawSnake(context, cell, game) {
  const { snake } = game;
  /** @param {number} i */
  const center = (i) => {
    const part = /** @type {import('./snake.js').Cell} */ (snake[i]);
    return { x: (part.x + 0.5) * cell, y: (part.y + 0.5) * cell };
  };
  context.lineCap = 'round';
  context.lineWidth = cell * 0.72;
  for (let i = snake.length - 1; i > 0; i--) {
    const from = center(i);
    const to = center(i - 1);
    context.strokeStyle = shade(i / (snake.length - 1));
    context.beginPath();
    context.moveTo(from.x, from.y);
    context.lineTo(to.x, to.y);
    context.stroke();
  }
  const head = center(0);
  context.fillStyle = game.isAlive ? shade(0) : '#f87171';
  context.beginPath();
  context.roundRect(head.x - cell * 0.44, head.y - cell * 0.44, cell * 0.88, cell * 0.88, cell * 0.32);
  context.fill();
  drawEyes(context, cell, game);
}

/**
 * The snake's colour from its head (0) to its tail (1).
 * @param {number} mix
 */
function shade(mix) {
  const [r, g, b] = SNAKE_HEAD.map((head, c) => Math.round(head + ((SNAKE_TAIL[c] ?? head) - head) * mix));
  return `rgb(${r} ${g} ${b})`;
}

/**
 * @param {CanvasRenderingContext2D} context
 * @param {number} cell
 * @param {import('./snake.js').SnakeGame} game
 */
function drawEyes(context, cell, game) {
  const head = /** @type {{ x: number, y: number }} */ (game.snake[0]);
  const ahead = { up: [0, -1], down: [0, 1], left: [-1, 0], right: [1, 0] }[game.direction];
  const [dx, dy] = /** @type {[number, number]} */ (ahead);
  const cx = (head.x + 0.5) * cell;
  const cy = (head.y + 0.5) * cell;
  for (const side of [-1, 1]) {
    const ex = cx + dx * cell * 0.18 + dy * side * cell * 0.2;
    const ey = cy + dy * cell * 0.18 + dx * side * cell * 0.2;
    context.fillStyle = '#0b1020';
    context.beginPath();
    context.arc(ex, ey, cell * 0.09, 0, Math.PI * 2);
    context.fill();
  }
}

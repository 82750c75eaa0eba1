// @ts-check
// Touch first, keyboard too: swipes, taps and arrow keys turned into directions for every game.

/** @typedef {'up' | 'down' | 'left' | 'right'} Direction */

/** How far (CSS pixels) a finger must travel before a touch counts as a swipe rather than a tap. */
export const SWIPE_MIN_PX = 24;

/** @type {Readonly<Record<string, Direction>>} */
const KEY_DIRECTIONS = Object.freeze({
  ArrowUp: 'up',
  ArrowDown: 'down',
  ArrowLeft: 'left',
  ArrowRight: 'right',
  w: 'up',
  s: 'down',
  a: 'left',
  d: 'right',
});

/**
 * @param {string} key a KeyboardEvent's `key`
 * @returns {Direction | null}
 */
export function directionForKey(key) {
  return KEY_DIRECTIONS[key.length === 1 ? key.toLowerCase() : key] ?? null;
}

/**
 * The direction of a finger's travel, or null while it is still a tap.
 * @param {number} dx
 * @param {number} dy
 * @returns {Direction | null}
 */
export function swipeDirection(dx, dy, minDistance = SWIPE_MIN_PX) {
  if (Math.max(Math.abs(dx), Math.abs(dy)) < minDistance) return null;
  if (Math.abs(dx) >= Math.abs(dy)) return dx > 0 ? 'right' : 'left';
  return dy > 0 ? 'down' : 'up';
}

/**
 * Listens for swipes and taps on `surface` and arrow keys (or WASD) on the page.
 * @param {HTMLElement} surface the play area; it gets `touch-action: none`, so the page never scrolls or zooms
 * @param {object} handlers
 * @param {(direction: Direction) => void} handlers.onDirection
 * @param {(point: { x: number, y: number, width: number, height: number }) => void} [handlers.onTap]
 *   a touch that did not travel, in the surface's coordinates
 * @param {boolean} [handlers.continuous] one long swipe may give several directions (a snake's turns)
 * @returns {() => void} stops listening
 */
export function listenForDirections(surface, { onDirection, onTap, continuous = false }) {
  surface.style.touchAction = 'none';
  /** @type {{ id: number, x: number, y: number, swiped: boolean } | null} */
  let touch = null;

  /** @param {PointerEvent} event */
  const down = (event) => {
    if (touch) return;
    touch = { id: event.pointerId, x: event.clientX, y: event.clientY, swiped: false };
    event.preventDefault();
  };
  /** @param {PointerEvent} event */
  const move = (event) => {
    if (!touch || event.pointerId !== touch.id || (touch.swiped && !continuous)) return;
    const direction = swipeDirection(event.clientX - touch.x, event.clientY - touch.y);
    if (!direction) return;
    touch = { ...touch, x: event.clientX, y: event.clientY, swiped: true };
    onDirection(direction);
  };
  /** @param {PointerEvent} event */
  const up = (event) => {
    if (!touch || event.pointerId !== touch.id) return;
    const { swiped } = touch;
    touch = null;
    if (swiped || !onTap || event.type === 'pointercancel') return;
    const box = surface.getBoundingClientRect();
    onTap({ x: event.clientX - box.left, y: event.clientY - box.top, width: box.width, height: box.height });
  };
  /** @param {KeyboardEvent} event */
  const key = (event) => {
    if (event.altKey || event.ctrlKey || event.metaKey) return;
    const direction = directionForKey(event.key);
    if (!direction) return;
    event.preventDefault();
    if (!event.repeat) onDirection(direction);
  };

  surface.addEventListener('pointerdown', down);
  surface.addEventListener('pointermove', move);
  surface.addEventListener('pointerup', up);
  surface.addEventListener('pointercancel', up);
  window.addEventListener('keydown', key);
  return () => {
    surface.removeEventListener('pointerdown', down);
    surface.removeEventListener('pointermove', move);
    surface.removeEventListener('pointerup', up);
    surface.removeEventListener('pointercancel', up);
    window.removeEventListener('keydown', key);
  };
}

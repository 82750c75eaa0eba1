// @vitest-environment jsdom
// @ts-check
import { afterEach, describe, expect, it, vi } from 'vitest';
import { directionForKey, listenForDirections, swipeDirection } from '../src/playon-input.js';

/**
 * @param {HTMLElement} target
 * @param {string} type
 * @param {number} x
 * @param {number} y
 */
function pointer(target, type, x, y) {
  const event = new MouseEvent(type, { clientX: x, clientY: y, bubbles: true, cancelable: true });
  Object.defineProperty(event, 'pointerId', { value: 1 });
  target.dispatchEvent(event);
}

/** @type {(() => void) | null} */
let stop = null;
afterEach(() => {
  stop?.();
  document.body.replaceChildren();
});

describe('steering with the keyboard', () => {
  it('reads arrow keys and WASD as directions and ignores other keys', () => {
    expect(directionForKey('ArrowLeft')).toBe('left');
    expect(directionForKey('ArrowUp')).toBe('up');
    expect(directionForKey('D')).toBe('right');
    expect(directionForKey('s')).toBe('down');
    expect(directionForKey('Enter')).toBeNull();
  });
});

describe('steering with a finger', () => {
  it('calls a short touch a tap and a longer one a swipe along its main axis', () => {
    expect(swipeDirection(5, -8)).toBeNull();
    expect(swipeDirection(-40, 10)).toBe('left');
    expect(swipeDirection(12, 60)).toBe('down');
    expect(swipeDirection(0, -30)).toBe('up');
  });

  it('gives one direction per swipe, a tap where the finger lifted, and keeps the page from scrolling', () => {
    const surface = document.body.appendChild(document.createElement('div'));
    const onDirection = vi.fn();
    const onTap = vi.fn();
    stop = listenForDirections(surface, { onDirection, onTap });
    expect(surface.style.touchAction).toBe('none');

    pointer(surface, 'pointerdown', 100, 100);
    pointer(surface, 'pointermove', 160, 105);
    pointer(surface, 'pointermove', 230, 110);
    pointer(surface, 'pointerup', 230, 110);
    expect(onDirection.mock.calls).toEqual([['right']]);
    expect(onTap).not.toHaveBeenCalled();

    pointer(surface, 'pointerdown', 30, 50);
    pointer(surface, 'pointerup', 32, 52);
    expect(onTap).toHaveBeenCalledWith({ x: 32, y: 52, width: 0, height: 0 });

    window.dispatchEvent(new KeyboardEvent('keydown', { key: 'ArrowUp' }));
    expect(onDirection).toHaveBeenLastCalledWith('up');
  });

  it('lets one long swipe turn several times when the game wants it', () => {
    const surface = document.body.appendChild(document.createElement('div'));
    const onDirection = vi.fn();
    stop = listenForDirections(surface, { onDirection, continuous: true });
    pointer(surface, 'pointerdown', 100, 100);
    pointer(surface, 'pointermove', 140, 100);
    pointer(surface, 'pointermove', 140, 140);
    pointer(surface, 'pointerup', 140, 140);
    expect(onDirection.mock.calls).toEqual([['right'], ['down']]);
  });
});

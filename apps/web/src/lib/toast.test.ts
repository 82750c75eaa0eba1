import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { dismissToast, getToasts, MAX_TOASTS, showToast, TOAST_DURATION_MS } from './toast';

describe('toasts', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => {
    for (const toast of getToasts()) dismissToast(toast.id);
    vi.useRealTimers();
  });

  it('shows at most two at once, the newest pushing the oldest out', () => {
    showToast('First');
    showToast('Second');
    showToast('Third');
    expect(MAX_TOASTS).toBe(2);
    expect(getToasts().map((toast) => toast.message)).toEqual(['Second', 'Third']);
  });

  it('closes each toast after 5000 ms', () => {
    showToast('You have been logged in.', 'success');
    vi.advanceTimersByTime(TOAST_DURATION_MS - 1);
    expect(getToasts()).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(getToasts()).toHaveLength(0);
  });

  it('keeps the survivor on its own clock when the oldest is pushed out', () => {
    showToast('A');
    vi.advanceTimersByTime(3000);
    showToast('B');
    showToast('C');
    vi.advanceTimersByTime(2000);
    expect(getToasts().map((toast) => toast.message)).toEqual(['B', 'C']);
    vi.advanceTimersByTime(3000);
    expect(getToasts()).toHaveLength(0);
  });

  it('closes a toast given a shorter duration, such as a push notification, on its own clock', () => {
    showToast('Top up complete: kes 100.00 is in your wallet', 'info', { durationMs: 3000 });
    showToast('You have been logged in.', 'success');
    vi.advanceTimersByTime(3000);
    expect(getToasts().map((toast) => toast.message)).toEqual(['You have been logged in.']);
  });
});

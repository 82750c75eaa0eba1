import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { dismissToast, getToasts, toast } from '../../lib/toast';
import { ToastRegion } from './toast-region';

describe('toast region', () => {
  afterEach(() => {
    for (const shown of getToasts()) dismissToast(shown.id);
  });

  it('is a polite live region before any toast, and the toasts show inside it', async () => {
    const { container } = render(<ToastRegion />);
    const region = container.querySelector('[aria-live="polite"]');
    expect(region).not.toBeNull();
    expect(region?.children.length).toBe(0);

    act(() => toast.success('You have been logged in.'));
    const shown = await screen.findByRole('status');
    expect(shown.parentElement).toBe(region);
    expect(shown.textContent).toContain('You have been logged in.');
  });
});

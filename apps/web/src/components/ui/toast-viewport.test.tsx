import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { dismissToast, getToasts, toast } from '../../lib/toast';
import ToastViewport from './toast-viewport';

describe('toast viewport', () => {
  afterEach(() => {
    for (const shown of getToasts()) dismissToast(shown.id);
  });

  it('shows no more than two toasts, errors politely too, and closes one on tap', () => {
    render(<ToastViewport />);
    act(() => {
      toast.success('Name was updated successfully.');
      toast.info('You need to update your profile details to proceed');
      toast.error('That username is taken.');
    });
    expect(screen.queryByText('Name was updated successfully.')).toBeNull();
    const [info, error] = screen.getAllByRole('status');
    expect(info?.textContent).toContain('You need to update your profile details');
    expect(error?.textContent).toContain('That username is taken.');
    expect(screen.queryByRole('alert')).toBeNull();
    fireEvent.click(screen.getAllByRole('button', { name: 'Dismiss' })[1] as HTMLElement);
    expect(screen.queryByText('That username is taken.')).toBeNull();
  });
});

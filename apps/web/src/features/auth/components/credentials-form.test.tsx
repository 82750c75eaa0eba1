import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { CredentialsForm } from './credentials-form';

const rules = vi.hoisted(() => ({ loads: 0 }));
vi.mock('@playon/shared/password', async (importOriginal) => {
  rules.loads += 1;
  return importOriginal();
});

describe('credentials form', () => {
  it('loads the rules (zod) when a field is first focused, not when the form shows', async () => {
    const onSubmit = vi.fn();
    render(<CredentialsForm isRegister={false} isBusy={false} onSubmit={onSubmit} />);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(rules.loads).toBe(0);

    (screen.getByLabelText('Email') as HTMLInputElement).focus();
    await waitFor(() => expect(rules.loads).toBe(1));

    fireEvent.input(screen.getByLabelText('Email'), { target: { value: 'Amina@Example.com ' } });
    fireEvent.input(screen.getByLabelText('Password'), { target: { value: 'secret-1' } });
    fireEvent.click(screen.getByRole('button', { name: 'Log In' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledWith('amina@example.com', 'secret-1'));
  });
});

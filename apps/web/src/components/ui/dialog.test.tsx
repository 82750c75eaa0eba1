import { fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { Dialog } from './dialog';

function Opener() {
  const [isOpen, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Edit username
      </button>
      {isOpen ? (
        <Dialog title="Edit username" onClose={() => setOpen(false)}>
          <input aria-label="Username" />
          <button type="button">Save</button>
        </Dialog>
      ) : null}
    </>
  );
}

describe('dialog', () => {
  it('takes focus, keeps Tab inside, closes on Escape and gives focus back to its opener', () => {
    render(<Opener />);
    const opener = screen.getByRole('button', { name: 'Edit username' });
    opener.focus();
    fireEvent.click(opener);

    const dialog = screen.getByRole('dialog', { name: 'Edit username' });
    expect(dialog.getAttribute('aria-modal')).toBe('true');
    const field = screen.getByRole('textbox', { name: 'Username' });
    const save = screen.getByRole('button', { name: 'Save' });
    expect(document.activeElement).toBe(field);

    save.focus();
    fireEvent.keyDown(document, { key: 'Tab' });
    expect(document.activeElement).toBe(field);
    fireEvent.keyDown(document, { key: 'Tab', shiftKey: true });
    expect(document.activeElement).toBe(save);

    fireEvent.keyDown(document, { key: 'Escape' });
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(opener);
  });
});

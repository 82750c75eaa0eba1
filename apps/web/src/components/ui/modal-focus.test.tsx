import { act, fireEvent, render, screen } from '@testing-library/react';
import { useRef, useState } from 'react';
import { describe, expect, it } from 'vitest';
import { useModalFocus } from './modal-focus';

function Panel({ onClose }: { onClose: () => void }) {
  const panel = useRef<HTMLDivElement>(null);
  useModalFocus(panel, onClose);
  return (
    <div ref={panel} role="dialog" aria-label="Sheet">
      <button type="button" onClick={onClose}>
        Close
      </button>
    </div>
  );
}

function Page() {
  const [isOpen, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Open
      </button>
      {isOpen ? <Panel onClose={() => setOpen(false)} /> : null}
    </>
  );
}

describe('a modal’s focus', () => {
  it('moves into the modal when it opens and back to its opener when Escape closes it', async () => {
    render(<Page />);
    const opener = screen.getByRole('button', { name: 'Open' });
    opener.focus();
    await act(async () => fireEvent.click(opener));
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Close' }));
    await act(async () => fireEvent.keyDown(document, { key: 'Escape' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(opener);
  });
});

import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { ActionsMenu } from './actions-menu';

describe('actions menu', () => {
  it('opens on its first item, moves with the arrows round the ends, and Escape gives focus back', () => {
    const onLeave = vi.fn();
    render(
      <ActionsMenu
        actions={[
          { label: 'Members', onSelect: vi.fn() },
          { label: 'Leave chatroom', onSelect: onLeave },
        ]}
      />,
    );
    const button = screen.getByRole('button', { name: 'More actions' });
    fireEvent.click(button);
    expect(button.getAttribute('aria-expanded')).toBe('true');
    const [members, leave] = screen.getAllByRole('menuitem');
    expect(document.activeElement).toBe(members);

    fireEvent.keyDown(members as HTMLElement, { key: 'ArrowUp' });
    expect(document.activeElement).toBe(leave);
    fireEvent.keyDown(leave as HTMLElement, { key: 'ArrowDown' });
    expect(document.activeElement).toBe(members);

    fireEvent.keyDown(members as HTMLElement, { key: 'Escape' });
    expect(screen.queryByRole('menu')).toBeNull();
    expect(document.activeElement).toBe(button);

    fireEvent.click(button);
    fireEvent.click(screen.getByRole('menuitem', { name: 'Leave chatroom' }));
    expect(onLeave).toHaveBeenCalledOnce();
    expect(document.activeElement).toBe(button);
  });
});

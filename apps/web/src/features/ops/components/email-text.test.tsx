import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { EmailText } from './email-text';

describe('an e-mail in the console', () => {
  it('may break only before its @ and its dots, and reads as the whole address', () => {
    const { container } = render(<EmailText email="wanjiru.kamau@mail.example.co.ke" />);
    const shown = container.firstElementChild as HTMLElement;
    expect(shown.textContent).toBe('wanjiru.kamau@mail.example.co.ke');
    expect(shown.className).not.toContain('break-all');
    const pieces = [...shown.childNodes]
      .filter((node) => node.nodeType === Node.TEXT_NODE)
      .map((node) => node.textContent);
    expect(pieces).toEqual(['wanjiru', '.kamau', '@mail', '.example', '.co', '.ke']);
    expect(shown.querySelectorAll('wbr')).toHaveLength(5);
  });

  it('truncated, keeps the whole address in its title', () => {
    const { container } = render(<EmailText truncate email="boss@playon.test" />);
    const shown = container.firstElementChild as HTMLElement;
    expect(shown.getAttribute('title')).toBe('boss@playon.test');
    expect(shown.className).toContain('truncate');
  });
});

import { LANGUAGE_STORAGE_KEY } from '@playon/shared/storage-keys';
import { fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setLanguage } from '../../../lib/language';
import { WelcomeScreen } from './welcome-screen';

/** Whether the click would reach the browser's own navigation, which jsdom lacks: it is stopped here. */
function isLeftToBrowser(click: () => void): boolean {
  let isLeft = false;
  const look = (event: Event) => {
    isLeft = !event.defaultPrevented;
    event.preventDefault();
  };
  window.addEventListener('click', look, { once: true });
  click();
  return isLeft;
}

describe('welcome page', () => {
  it('walks a new player through the three slides to login', async () => {
    const goToLogin = vi.fn();
    render(<WelcomeScreen goToLogin={goToLogin} />);
    fireEvent.click(screen.getByRole('button', { name: 'Get Started' }));
    expect(await screen.findByRole('heading', { name: 'Subscribe for a day of play' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    fireEvent.click(screen.getByRole('button', { name: 'Go to slide 3' }));
    expect(goToLogin).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect(goToLogin).toHaveBeenCalledOnce();
  });

  it('lets a player skip the slides', async () => {
    const goToLogin = vi.fn();
    render(<WelcomeScreen goToLogin={goToLogin} />);
    fireEvent.click(screen.getByRole('button', { name: 'Get Started' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Skip' }));
    expect(goToLogin).toHaveBeenCalledOnce();
  });

  it('takes a returning player to login in the app, or in a new tab when they ask for one', () => {
    const goToLogin = vi.fn();
    render(<WelcomeScreen goToLogin={goToLogin} />);
    const link = screen.getByRole('link', { name: 'I already have an account' });
    expect(link.getAttribute('href')).toBe('/login');
    expect(isLeftToBrowser(() => fireEvent.click(link, { ctrlKey: true }))).toBe(true);
    expect(goToLogin).not.toHaveBeenCalled();
    expect(isLeftToBrowser(() => fireEvent.click(link))).toBe(false);
    expect(goToLogin).toHaveBeenCalledOnce();
  });

  describe('in Kiswahili', () => {
    afterEach(() => setLanguage('en'));

    it('switches to Kiswahili from the corner and remembers it on this phone, the buttons in place', async () => {
      render(<WelcomeScreen goToLogin={vi.fn()} />);
      const kiswahili = screen.getByRole('button', { name: 'Kiswahili' });
      expect(kiswahili.getAttribute('aria-pressed')).toBe('false');
      fireEvent.click(kiswahili);
      expect(
        await screen.findByRole('heading', { name: 'Cheza michezo. Shiriki mashindano. Shinda.' }),
      ).toBeTruthy();
      expect(screen.getByRole('group', { name: 'Lugha' })).toBeTruthy();
      expect(kiswahili.getAttribute('aria-pressed')).toBe('true');
      expect(document.documentElement.lang).toBe('sw');
      expect(localStorage.getItem(LANGUAGE_STORAGE_KEY)).toBe('sw');
      fireEvent.click(screen.getByRole('button', { name: 'Anza' }));
      expect(await screen.findByRole('heading', { name: 'Nunua kifurushi, ucheze siku nzima' })).toBeTruthy();
    });

    it('goes back to English with one tap', async () => {
      setLanguage('sw');
      render(<WelcomeScreen goToLogin={vi.fn()} />);
      fireEvent.click(screen.getByRole('button', { name: 'English' }));
      expect(await screen.findByRole('heading', { name: 'Play games. Join tournaments. Win.' })).toBeTruthy();
      expect(document.documentElement.lang).toBe('en');
      expect(localStorage.getItem(LANGUAGE_STORAGE_KEY)).toBe('en');
    });
  });
});

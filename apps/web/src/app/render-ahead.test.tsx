import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { holdEarlyInput } from '../lib/early-input';
import { type Language, setLanguage } from '../lib/language';
import { forgetRenderedAhead, isRenderedAhead, readRenderedAhead } from '../lib/rendered-ahead';
import translator from '../lib/translation';
import { stubFetch } from '../test/fetch-stub';
import { pageRoot } from './page-root';
import { type RenderedAhead, renderFirstScreensAhead } from './render-ahead';
import { startApp } from './start-app';
import { startRouter } from './start-router';

let rendered: RenderedAhead;
beforeAll(async () => {
  rendered = await renderFirstScreensAhead();
});

const noSession = { 'GET /api/auth/get-session': () => ({ status: 200, body: null }) };
let problems: unknown[];
const keepProblem = (event: ErrorEvent) => problems.push(event.error ?? event.message);

/** The page as the server sends it to a first visitor on this device: the screen rendered ahead in `#root`. */
async function openPage(path: string, language: Language): Promise<HTMLElement> {
  setLanguage(language, { remember: false });
  await translator.changeLanguage(language);
  window.history.replaceState(null, '', path);
  document.body.innerHTML = rendered[path]?.[language] ?? '';
  return document.getElementById('root') as HTMLElement;
}

// The build renders ahead in a process of its own; here the server's renderer and the browser's share
// the router's contexts in one, which React's development build notes. Nothing else may be said.
const bothRenderersHere = /multiple renderers concurrently rendering the same context provider/;

beforeEach(() => {
  problems = [];
  // React reports every hydration mismatch here, attributes included (its development build).
  vi.spyOn(console, 'error').mockImplementation((...args) => {
    if (!bothRenderersHere.test(String(args[0]))) problems.push(args);
  });
  window.addEventListener('error', keepProblem);
  stubFetch(noSession);
});
afterEach(async () => {
  window.removeEventListener('error', keepProblem);
  forgetRenderedAhead();
  await act(async () => setLanguage('en', { remember: false }));
  document.body.replaceChildren();
});

describe('first screens rendered ahead (ADR 0062)', () => {
  it.each([
    ['en', 'Play games. Join tournaments. Win.', 'Get Started'],
    ['sw', 'Cheza michezo. Shiriki mashindano. Shinda.', 'Anza'],
  ] as const)(
    'hydrates the welcome page in %s without painting it again',
    async (language, tagline, start) => {
      const root = await openPage('/', language);
      const heading = screen.getByRole('heading', { name: tagline });
      await act(async () => {
        startApp(root, true);
        await new Promise((resolve) => setTimeout(resolve, 0));
      });
      expect(screen.getByRole('heading', { name: tagline })).toBe(heading);
      expect(problems).toEqual([]);
      // Its buttons are the app's now: Get Started opens the slides.
      fireEvent.click(screen.getByRole('button', { name: start }));
      expect(await screen.findByRole('region')).toBeTruthy();
    },
  );

  it.each([
    ['/login', 'en', 'Welcome back!', 'Show password', 'Hide password'],
    ['/login', 'sw', 'Karibu tena!', 'Onyesha nenosiri', 'Ficha nenosiri'],
    ['/register', 'en', 'Create account', 'Show password', 'Hide password'],
  ] as const)(
    'hydrates %s in %s on its form, without a spinner or a second paint',
    async (path, language, title, show, hide) => {
      const root = await openPage(path, language);
      const heading = screen.getByRole('heading', { name: title });
      readRenderedAhead(root);
      expect(isRenderedAhead(path)).toBe(true);
      await act(() => startRouter(pageRoot(root)));
      expect(screen.getByRole('heading', { name: title })).toBe(heading);
      expect(problems).toEqual([]);
      fireEvent.click(screen.getByRole('button', { name: show }));
      expect(screen.getByRole('button', { name: hide })).toBeTruthy();
    },
  );

  it('keeps what the player typed and tapped before React took the login form over', async () => {
    const calls = stubFetch({
      ...noSession,
      'POST /api/auth/sign-in/email': () => ({
        status: 401,
        body: { code: 'INVALID_EMAIL_OR_PASSWORD', message: 'Invalid email or password' },
      }),
    });
    const root = await openPage('/login', 'en');
    holdEarlyInput(root);
    (screen.getByLabelText('Email') as HTMLInputElement).value = 'amina@example.com';
    (screen.getByLabelText('Password') as HTMLInputElement).value = 'secret123';
    fireEvent.click(screen.getByRole('button', { name: 'Log In' }));
    expect(calls.filter((call) => call.method === 'POST')).toEqual([]);
    readRenderedAhead(root);
    await act(() => startRouter(pageRoot(root)));
    await waitFor(() =>
      expect(calls.find((call) => call.path === '/api/auth/sign-in/email')?.body).toEqual({
        email: 'amina@example.com',
        password: 'secret123',
      }),
    );
    expect(problems).toEqual([]);
  });

  it('is taken out, and the screen rendered afresh, on a device that chose the other language', async () => {
    const root = await openPage('/login', 'en');
    setLanguage('sw', { remember: false });
    readRenderedAhead(root);
    expect(isRenderedAhead()).toBe(false);
    expect(root.childElementCount).toBe(0);
  });

  it('is rendered afresh by the router when this tab starts it on `/` (the welcome page is routerless)', async () => {
    const root = await openPage('/', 'en');
    const heading = screen.getByRole('heading', { name: 'Play games. Join tournaments. Win.' });
    await act(async () => startApp(root, false));
    await waitFor(() =>
      expect(screen.getByRole('heading', { name: 'Play games. Join tournaments. Win.' })).not.toBe(heading),
    );
    expect(problems).toEqual([]);
  });
});

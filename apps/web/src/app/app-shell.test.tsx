import { render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { Component as Login } from '../features/auth/routes/login';
import { forgetAppShell, isAppShellShown, readAppShell } from '../lib/app-shell';
import { en } from '../lib/locales/en';
import { sw } from '../lib/locales/sw';
import { stubFetch } from '../test/fetch-stub';
import { loginShell, loginShellTop } from './app-shell-markup';

function renderLogin(path: string) {
  const router = createMemoryRouter(
    [
      { path: '/login', Component: Login },
      { path: '/register', Component: Login },
    ],
    { initialEntries: [path] },
  );
  return render(<RouterProvider router={router} />);
}

const noSession = { 'GET /api/auth/get-session': () => ({ status: 200, body: null }) };

/** The HTML of the screen's elements the shell draws: the same count, from the top of its `main`. */
function screenTop(container: HTMLElement, count: number): string {
  const main = container.querySelector('main') as HTMLElement;
  return [...main.children]
    .slice(0, count)
    .map((element) => element.outerHTML)
    .join('');
}

function rootWithShell(language: string) {
  const root = document.createElement('div');
  root.innerHTML = loginShell({ back: 'Back', title: 'Welcome back!', subtitle: 'Log in.' }, language);
  return root;
}

describe("the login screen's shell (ADR 0036)", () => {
  afterEach(() => forgetAppShell());

  it.each([
    ['/login', 'Welcome back!', en.auth.titleLogin, en.auth.subtitleLogin],
    ['/register', 'Create account', en.auth.titleRegister, en.auth.subtitleRegister],
  ])(
    'is the top of %s as the screen renders it, element for element',
    async (path, heading, title, subtitle) => {
      stubFetch(noSession);
      const { container } = renderLogin(path);
      await screen.findByRole('heading', { name: heading });
      const shell = loginShellTop({ back: en.common.back, title, subtitle });
      const parsed = document.createElement('div');
      parsed.innerHTML = shell;
      expect(screenTop(container, parsed.children.length)).toBe(parsed.innerHTML);
    },
  );

  it('is kept in the language this device speaks, and taken out in another', () => {
    const english = rootWithShell('en');
    readAppShell(english);
    expect(isAppShellShown('login')).toBe(true);
    expect(english.textContent).toContain('Welcome back!');
    forgetAppShell();
    expect(isAppShellShown()).toBe(false);

    const kiswahili = rootWithShell('sw');
    readAppShell(kiswahili);
    expect(isAppShellShown()).toBe(false);
    expect(kiswahili.children).toHaveLength(0);
  });

  it('lets the login screen show its form at once over it (the server saw no session), still checking', async () => {
    const calls = stubFetch(noSession);
    readAppShell(rootWithShell('en'));
    renderLogin('/login');
    // The first render: no 'checking' spinner in between the shell and the form.
    expect(screen.getByRole('heading', { name: 'Welcome back!' })).toBeTruthy();
    expect(screen.queryByText(en.auth.checking)).toBeNull();
    expect(isAppShellShown()).toBe(false);
    await expect.poll(() => calls.some((call) => call.path === '/api/auth/get-session')).toBe(true);
  });

  it('is built from each language’s texts', () => {
    expect(loginShell({ back: sw.common.back, title: sw.auth.titleLogin, subtitle: '<b>' }, 'sw')).toContain(
      'aria-label="Rudi"',
    );
    expect(loginShellTop({ back: 'Back', title: 'A & B', subtitle: '<b>' })).toContain('A &amp; B');
    expect(loginShellTop({ back: 'Back', title: 'A', subtitle: '<b>' })).toContain('&lt;b&gt;');
  });
});

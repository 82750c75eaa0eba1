import { currentLanguage } from './language';

/**
 * The screen's top the server painted in the page (ADR 0036, app/app-shell-markup.ts): `login` on
 * `/login` and `/register` when the request carried no session. Read once at boot, before React's
 * first render replaces it. A shell in another language than the one this device chose is taken
 * out at once, and the screen shows as without one.
 */
let shown: string | null = null;

export function readAppShell(root: HTMLElement): void {
  const shell = root.firstElementChild;
  if (!(shell instanceof HTMLElement) || !shell.dataset.appShell) return;
  if (shell.dataset.lang !== currentLanguage()) {
    root.replaceChildren();
    return;
  }
  shown = shell.dataset.appShell;
}

/**
 * Whether the page opened on this shell and the screen has not yet taken it: the login screen then
 * shows its form at once (the server saw no session), and the router waits for the screen's code
 * rather than paint its spinner over the shell.
 */
export const isAppShellShown = (name?: string): boolean => shown !== null && (!name || shown === name);

/** The screen has shown: what the shell said about the page load is past. */
export function forgetAppShell(): void {
  shown = null;
}

import { currentLanguage } from './language';

/**
 * The screen the build rendered ahead (ADR 0062, app/render-ahead.tsx), which the server put in the
 * page for a visitor with no session: `#root` then carries the path it was rendered for
 * (`data-rendered-ahead`) and its language (`data-lang`). Read once at boot: the app hydrates it
 * instead of painting the screen again. One in another language than the one this device chose is
 * taken out at once, and the screen renders as without one.
 */
let renderedAhead: string | null = null;

export function readRenderedAhead(root: HTMLElement): void {
  const path = root.dataset.renderedAhead;
  if (!path) return;
  if (root.dataset.lang !== currentLanguage()) {
    root.replaceChildren();
    return;
  }
  renderedAhead = path;
}

/**
 * Whether the page opened on the screen rendered ahead (for `path`, when given) and the app has not
 * yet hydrated it: the login screen then starts on its form (the server saw no session), as it was
 * rendered, and the router waits for the screen's code rather than paint its spinner first.
 */
export const isRenderedAhead = (path?: string): boolean =>
  renderedAhead !== null && (path === undefined || renderedAhead === path);

/** The screen is hydrated (or was not the one rendered ahead): what the page opened on is past. */
export function forgetRenderedAhead(): void {
  renderedAhead = null;
}

/** The build's side (app/render-ahead.tsx): the screen at `path` renders now as it will hydrate. */
export function renderAheadAt(path: string): void {
  renderedAhead = path;
}

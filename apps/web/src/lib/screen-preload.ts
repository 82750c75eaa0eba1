type Load = () => Promise<unknown>;

let loadsByPath: Record<string, Load[]> = {};

/**
 * The entry names each screen's chunks here (app/screens.ts); a screen asks for the next one by its
 * path alone, so no feature imports the router's list of screens. No React here: the entry
 * runs this before React has loaded (main.tsx).
 */
export function setScreenLoads(loads: Record<string, Load[]>): void {
  loadsByPath = loads;
}

/** Starts fetching (and running) the chunks of the screen at `path`, when it is one named. */
export function preloadScreen(path: string): void {
  for (const load of loadsByPath[path] ?? []) {
    // A chunk that fails here fails again when the router asks, which shows the error as it always has.
    load().catch(() => undefined);
  }
}

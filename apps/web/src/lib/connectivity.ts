import { safeRedirectPath } from './safe-redirect';

/** The no-internet screen (docs/product.md, "Offline and waiting screens"); open to visitors too. */
export const OFFLINE_PATH = '/no-internet';
/** How often the no-internet screen asks whether the server can be reached again. */
export const RECHECK_INTERVAL_MS = 10_000;
/** How often a page asks again while the browser says offline but the server last answered. */
export const OFFLINE_RECHECK_MS = 3_000;

const PROBE_TIMEOUT_MS = 4000;
const PROBE_TRIES = 2;
/** The probe tries twice, this far apart, before it calls the connection lost. */
export const PROBE_PAUSE_MS = 1000;
const RETURN_TO_KEY = 'offline_return_to';
const BACK_ONLINE_KEY = 'offline_back_online';

async function probeOnce(): Promise<boolean> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), PROBE_TIMEOUT_MS);
  try {
    // Any answer counts: a 503 (database down) still proves the network is there.
    await fetch('/api/health', { cache: 'no-store', signal: controller.signal });
    return true;
  } catch {
    return false;
  } finally {
    clearTimeout(timer);
  }
}

let probing: Promise<boolean> | null = null;

/**
 * Can the server be reached? The browser's 'offline' and a failed request can both be a blip (a
 * tower handover), so it tries twice, each with a short timeout, before saying no. One probe runs
 * however many ask at once; `fresh` asks for one started now, not one already on its way, whose
 * first answer may have come before the connection went (the browser's 'offline' asks so).
 */
export function probeConnection({ fresh = false }: { fresh?: boolean } = {}): Promise<boolean> {
  if (probing && !fresh) return probing;
  const answer: Promise<boolean> = (async () => {
    for (let attempt = 0; attempt < PROBE_TRIES; attempt++) {
      if (attempt > 0) await new Promise((resolve) => setTimeout(resolve, PROBE_PAUSE_MS));
      if (await probeOnce()) return true;
    }
    return false;
  })().finally(() => {
    if (probing === answer) probing = null;
  });
  probing = answer;
  return answer;
}

/** Where the player was when the connection went, for the no-internet screen to return to. */
export function rememberPageBeforeOffline(path: string): void {
  sessionStorage.setItem(RETURN_TO_KEY, path);
}

export function readPageBeforeOffline(): string | null {
  return safeRedirectPath(sessionStorage.getItem(RETURN_TO_KEY));
}

export function forgetPageBeforeOffline(): void {
  sessionStorage.removeItem(RETURN_TO_KEY);
}

/** Coming back online reloads the page, which would wipe a toast: the reloaded page shows it instead. */
export function announceBackOnlineAfterReload(): void {
  sessionStorage.setItem(BACK_ONLINE_KEY, 'true');
}

export function takeBackOnlineAnnouncement(): boolean {
  const isDue = sessionStorage.getItem(BACK_ONLINE_KEY) !== null;
  sessionStorage.removeItem(BACK_ONLINE_KEY);
  return isDue;
}

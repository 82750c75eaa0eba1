// The demo games and their SDK offline (ADR 0065), imported by the generated service worker
// (vite.config.ts, workbox.importScripts) before its own routes, so this listener answers first.
// Nothing is precached: a game's files are kept the first time it is opened, so a first visit costs
// no byte more. The network comes first (a deploy's new game and simulation reach the player, and the
// server replays runs with the files it serves); the kept copy answers when the network does not.

const GAMES_CACHE = 'playon-games';
/** A network this slow is no network: a matatu's edge of coverage answers late or never. */
const NETWORK_TIMEOUT_MS = 4000;
/** The games' pages, scripts, styles and icons, and the SDK; not the trailers (trailers-sw.js). */
const gameFile =
  /^\/play\/(sdk\/[a-z0-9-]+\.js|shared\/[a-z0-9-]+\.css|[a-z0-9-]+\/([a-z0-9-]+\.(html|js|css|svg|json))?)$/;

const isGameFile = (url) =>
  url.origin === self.location.origin && gameFile.test(url.pathname) && !url.pathname.endsWith('/game.json');

/**
 * The kept copy's key: the address without its query. A game's page is opened with the launch's
 * query (player, session, seed), new at every play; the page is the same.
 */
const keyOf = (url) => `${url.origin}${url.pathname}`;

function withTimeout(promise, ms) {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('network timeout')), ms);
    promise.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error) => {
        clearTimeout(timer);
        reject(error);
      },
    );
  });
}

async function gameFileResponse(event, url) {
  const cache = await caches.open(GAMES_CACHE);
  const fetched = fetch(event.request);
  try {
    const response = await withTimeout(fetched, NETWORK_TIMEOUT_MS);
    if (response.status === 200) event.waitUntil(cache.put(keyOf(url), response.clone()));
    return response;
  } catch {
    const kept = await cache.match(keyOf(url));
    if (kept) {
      // A late answer still refreshes the kept copy for the next time.
      event.waitUntil(
        fetched
          .then((response) => (response.status === 200 ? cache.put(keyOf(url), response) : undefined))
          .catch(() => undefined),
      );
      return kept;
    }
    // Never opened with a network: the browser says so as it would without a worker.
    return fetched.catch(() => Response.error());
  }
}

self.addEventListener('fetch', (event) => {
  if (event.request.method !== 'GET') return;
  const url = new URL(event.request.url);
  if (isGameFile(url)) event.respondWith(gameFileResponse(event, url));
});

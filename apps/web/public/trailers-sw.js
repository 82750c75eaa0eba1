// The demo games' trailers offline, imported by the generated service worker (vite.config.ts,
// workbox.importScripts) before its own routes, so this listener answers first.
// A trailer's address names its version (/play/<game>/trailer.mp4?v=<hash>, served immutable): the
// whole file is kept once it has played, and the video's Range requests are answered from it (206),
// as the server would, so it plays and seeks with no network.

const TRAILER_CACHE = 'playon-trailers';
const trailerPath = /^\/play\/[a-z0-9-]+\/trailer\.(mp4|webm|webp)$/;

const isTrailer = (url) =>
  url.origin === self.location.origin && trailerPath.test(url.pathname) && url.searchParams.has('v');

/** `bytes=a-b`, `bytes=a-` or `bytes=-n` against a body of `size` bytes: [first, last], or null. */
function byteRange(header, size) {
  const match = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!match || (match[1] === '' && match[2] === '')) return null;
  if (match[1] === '') {
    const suffix = Number(match[2]);
    return suffix > 0 ? [Math.max(0, size - suffix), size - 1] : null;
  }
  const first = Number(match[1]);
  const last = match[2] === '' ? size - 1 : Math.min(Number(match[2]), size - 1);
  return first <= last && first < size ? [first, last] : null;
}

async function partial(full, header) {
  const body = await full.blob();
  const range = byteRange(header, body.size);
  if (!range) {
    return new Response(null, { status: 416, headers: { 'Content-Range': `bytes */${body.size}` } });
  }
  const [first, last] = range;
  return new Response(body.slice(first, last + 1), {
    status: 206,
    headers: {
      'Content-Type': full.headers.get('Content-Type') ?? 'application/octet-stream',
      'Content-Range': `bytes ${first}-${last}/${body.size}`,
      'Content-Length': String(last - first + 1),
      'Accept-Ranges': 'bytes',
    },
  });
}

/** Keeps the whole file, and drops the game's earlier versions of it. */
async function keep(cache, url, response) {
  await cache.put(url.href, response);
  for (const request of await cache.keys()) {
    const kept = new URL(request.url);
    if (kept.pathname === url.pathname && kept.href !== url.href) await cache.delete(request);
  }
}

async function trailer(event, url) {
  const cache = await caches.open(TRAILER_CACHE);
  const range = event.request.headers.get('Range');
  const cached = await cache.match(url.href);
  if (cached) return range ? partial(cached, range) : cached;
  // Not kept yet. The first request of a play asks from the start: the whole file is fetched once,
  // shown as it arrives (a 200 answers a Range request too) and kept. A seek before that is passed on.
  if (range && !/^bytes=0-$/.test(range.trim())) return fetch(event.request);
  const response = await fetch(url.href, { credentials: 'same-origin' });
  if (response.status === 200) event.waitUntil(keep(cache, url, response.clone()));
  return response;
}

self.addEventListener('fetch', (event) => {
  if (event.request.method !== 'GET') return;
  const url = new URL(event.request.url);
  if (isTrailer(url)) event.respondWith(trailer(event, url));
});

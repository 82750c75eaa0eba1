import { forceRefreshToken, getAccessToken } from './auth-token';
import { currentLanguage, subscribeLanguage } from './language';

export type RealtimeEvent = { kind: 'open' } | { kind: 'error' } | { kind: 'message'; data: unknown };
type Listener = (event: RealtimeEvent) => void;

const BACKOFF_START_MS = 1000;
const BACKOFF_MAX_MS = 30_000;
/** Close codes the server uses for a refused or expired access token (policy violation, 4401). */
const isAuthClose = (code: number) => code === 1008 || code === 4401 || code === 4403;
/** "Service restart": the instance is stopping (a deploy); another one takes the socket at once. */
const SERVICE_RESTART = 1012;

const listeners = new Set<Listener>();
let socket: WebSocket | null = null;
let retryTimer: ReturnType<typeof setTimeout> | undefined;
let attempt = 0;
let needsFreshToken = false;
let isConnecting = false;
/** Topics the screens follow, with how many follow each; sent again on every connection. */
const topics = new Map<string, number>();
/** The socket said `ready`: it hears what the client sends (the server listens only from then on). */
let isReady = false;

function send(message: { type: 'subscribe' | 'unsubscribe'; topic: string }) {
  // Ready means open: a socket past CONNECTING drops what it cannot send rather than throwing.
  if (isReady) socket?.send(JSON.stringify(message));
}

function emit(event: RealtimeEvent) {
  for (const listener of [...listeners]) listener(event);
}

function socketUrl(token: string): string {
  const url = new URL('/ws', window.location.href);
  url.protocol = url.protocol === 'https:' ? 'wss:' : 'ws:';
  url.searchParams.set('token', token);
  // A socket cannot set Accept-Language: the language rides in the address, as the token does.
  url.searchParams.set('lang', currentLanguage());
  return url.toString();
}

function scheduleReconnect() {
  clearTimeout(retryTimer);
  // Exponential with jitter, so a server restart is not met by every phone in the same second.
  const delay = Math.min(BACKOFF_MAX_MS, BACKOFF_START_MS * 2 ** attempt) * (0.5 + Math.random() / 2);
  attempt++;
  retryTimer = setTimeout(connect, delay);
}

async function connect() {
  clearTimeout(retryTimer);
  if (socket || isConnecting || listeners.size === 0) return;
  isConnecting = true;
  let token: string | null = null;
  try {
    // A socket refused for its token gets a new one: the old one may have expired while connected.
    token = needsFreshToken ? await forceRefreshToken() : await getAccessToken();
  } catch {
    token = null;
  } finally {
    isConnecting = false;
  }
  if (socket || listeners.size === 0) return;
  if (!token) {
    emit({ kind: 'error' });
    scheduleReconnect();
    return;
  }
  const ws = new WebSocket(socketUrl(token));
  socket = ws;
  let opened = false;
  ws.onopen = () => {
    opened = true;
    attempt = 0;
    needsFreshToken = false;
    emit({ kind: 'open' });
  };
  ws.onmessage = (event) => {
    if (typeof event.data !== 'string') return;
    let data: unknown;
    try {
      data = JSON.parse(event.data) as unknown;
    } catch {
      return; // Not JSON: nothing a screen could use.
    }
    if ((data as { type?: unknown } | null)?.type === 'ready' && socket === ws) {
      isReady = true;
      for (const topic of topics.keys()) send({ type: 'subscribe', topic });
    }
    emit({ kind: 'message', data });
  };
  ws.onerror = () => emit({ kind: 'error' });
  ws.onclose = (event) => {
    if (socket !== ws) return;
    socket = null;
    isReady = false;
    const restarting = event.code === SERVICE_RESTART;
    // The token was fine: only the instance went away. Back off from the start, with jitter.
    if (restarting) attempt = 0;
    needsFreshToken = !restarting && (!opened || isAuthClose(event.code));
    if (listeners.size > 0) scheduleReconnect();
  };
}

function reconnectNow() {
  if (socket || listeners.size === 0) return;
  attempt = 0;
  void connect();
}

// A phone that slept or lost its network comes back: try at once rather than at the end of a backoff.
const onVisible = () => {
  if (document.visibilityState === 'visible') reconnectNow();
};

function disconnect() {
  clearTimeout(retryTimer);
  window.removeEventListener('online', reconnectNow);
  document.removeEventListener('visibilitychange', onVisible);
  const open = socket;
  socket = null;
  isReady = false;
  attempt = 0;
  open?.close(1000);
}

// The socket's language rides in its address: a new choice opens a new socket at once, and the
// screens catch up on its `open` as after any reconnection.
subscribeLanguage(() => {
  const open = socket;
  if (!open) return;
  socket = null;
  isReady = false;
  attempt = 0;
  open.close(1000);
  void connect();
});

/**
 * Follows the player's `/ws` (same origin, authenticated with the access token): one socket however
 * many screens listen, reconnected with backoff and a fresh token, closed when the last one leaves.
 * Every (re)connection is reported as `open`, so a screen can catch up on what it missed.
 */
export function subscribeRealtime(listener: Listener): () => void {
  listeners.add(listener);
  if (listeners.size === 1) {
    window.addEventListener('online', reconnectNow);
    document.addEventListener('visibilitychange', onVisible);
    void connect();
  }
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0) disconnect();
  };
}

/**
 * Follows a topic (a tournament's leaderboard, `leaderboardTopic` in @playon/shared/realtime) while a
 * screen shows it: `subscribe` is sent once the socket is ready, and again after every reconnection,
 * each answered `{type:'subscribed', topic}` (the screen then reads what it may have missed);
 * `unsubscribe` when the last screen following it leaves. The listener hears the socket as with
 * `subscribeRealtime`.
 */
export function followRealtimeTopic(topic: string, listener: Listener): () => void {
  const stop = subscribeRealtime(listener);
  const followers = topics.get(topic) ?? 0;
  topics.set(topic, followers + 1);
  if (followers === 0) send({ type: 'subscribe', topic });
  return () => {
    const left = (topics.get(topic) ?? 1) - 1;
    if (left > 0) topics.set(topic, left);
    else {
      topics.delete(topic);
      send({ type: 'unsubscribe', topic });
    }
    stop();
  };
}

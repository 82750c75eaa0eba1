// A player's /ws, as apps/web/src/lib/realtime-client.ts keeps it: opened with the access token,
// the followed topics sent again once the server says `ready`, a dropped socket opened again with
// exponential backoff and jitter (at once after a 1012 "service restart"), with a fresh token when
// the old one was refused. Its local address is the player's carrier NAT address.
import { createRequire } from 'node:module';

interface WsSocket {
  readonly readyState: number;
  send(data: string): void;
  close(code?: number): void;
  terminate(): void;
  on(event: 'message', listener: (data: Buffer) => void): void;
  on(event: 'close', listener: (code: number) => void): void;
  on(event: 'open' | 'error', listener: (error?: Error) => void): void;
}
type WsConstructor = new (
  url: string,
  options: { localAddress: string; handshakeTimeout: number },
) => WsSocket;
const { WebSocket } = createRequire(import.meta.url)('ws') as { WebSocket: WsConstructor };

const BACKOFF_START_MS = 1000;
const BACKOFF_MAX_MS = 30_000;
const SERVICE_RESTART = 1012;
const isAuthClose = (code: number) => code === 1008 || code === 4401 || code === 4403;

/** How getting a socket ready went: the attempt that got it ready, or the tries given up at close. */
export interface SocketOutcome {
  isReconnect: boolean;
  startedAt: number;
  attempts: number;
  /** The first attempt's failure, when it failed. */
  firstFailure?: string;
  /** Set when the socket never got ready before the player left: the last attempt's failure. */
  gaveUp?: string;
}

export interface LiveSocketEvents {
  /**
   * The socket got ready, after one attempt or several (the careful client's retries), or the player
   * left while it was still trying: a failed handshake that a later attempt recovers is no failure.
   */
  onOutcome(outcome: SocketOutcome): void;
  onMessage(message: { type?: string; [key: string]: unknown }): void;
  /** A socket that had been ready closed, with this code. */
  onDrop(code: number): void;
}

export function openLiveSocket(
  wsUrl: string,
  localAddress: string,
  token: (fresh: boolean) => Promise<string | undefined>,
  events: LiveSocketEvents,
) {
  const topics = new Set<string>();
  let socket: WsSocket | undefined;
  let isReady = false;
  let isClosed = false;
  let attempt = 0;
  let connections = 0;
  let needsFreshToken = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  /** The attempts since the socket was last ready (or since the start). */
  let trying:
    | { isReconnect: boolean; startedAt: number; attempts: number; first?: string; last?: string }
    | undefined;

  function scheduleReconnect() {
    if (isClosed) return;
    const delay = Math.min(BACKOFF_MAX_MS, BACKOFF_START_MS * 2 ** attempt) * (0.5 + Math.random() / 2);
    attempt++;
    timer = setTimeout(() => void connect(), delay);
  }

  async function connect() {
    if (isClosed) return;
    const startedAt = Date.now();
    const isReconnect = connections++ > 0;
    trying ??= { isReconnect, startedAt, attempts: 0 };
    trying.attempts++;
    const accessToken = await token(needsFreshToken).catch(() => undefined);
    if (isClosed) return;
    if (!accessToken) {
      failed('no token');
      scheduleReconnect();
      return;
    }
    const ws = new WebSocket(`${wsUrl}?token=${encodeURIComponent(accessToken)}&lang=en`, {
      localAddress,
      handshakeTimeout: 20_000,
    });
    socket = ws;
    let opened = false;
    let reported = false;
    const report = (failure?: string) => {
      if (reported) return;
      reported = true;
      if (failure) failed(failure);
      else if (trying) {
        // Timed from this attempt's start: the backoff before it is the client waiting, not PlayOn.
        events.onOutcome({
          isReconnect: trying.isReconnect,
          startedAt,
          attempts: trying.attempts,
          ...(trying.first ? { firstFailure: trying.first } : {}),
        });
        trying = undefined;
      }
    };
    let lastError: string | undefined;
    ws.on('open', () => {
      opened = true;
    });
    ws.on('error', (error) => {
      lastError = (error as NodeJS.ErrnoException | undefined)?.code ?? error?.message ?? 'error';
    });
    ws.on('message', (data) => {
      let message: { type?: string };
      try {
        message = JSON.parse(data.toString('utf8'));
      } catch {
        return;
      }
      if (message.type === 'ready' && socket === ws) {
        isReady = true;
        attempt = 0;
        needsFreshToken = false;
        report();
        for (const topic of topics) ws.send(JSON.stringify({ type: 'subscribe', topic }));
      }
      events.onMessage(message);
    });
    ws.on('close', (code) => {
      if (socket !== ws) return;
      socket = undefined;
      isReady = false;
      if (reported && !trying) {
        events.onDrop(code);
        trying = { isReconnect: true, startedAt: Date.now(), attempts: 0 };
      }
      report(lastError ?? `close ${code}`);
      if (code === SERVICE_RESTART) attempt = 0;
      needsFreshToken = code !== SERVICE_RESTART && (!opened || isAuthClose(code));
      scheduleReconnect();
    });
  }

  function failed(failure: string) {
    if (!trying) return;
    trying.first ??= failure;
    trying.last = failure;
  }

  void connect();

  return {
    get isReady() {
      return isReady;
    },
    follow(topic: string) {
      if (topics.has(topic)) return;
      topics.add(topic);
      if (isReady) socket?.send(JSON.stringify({ type: 'subscribe', topic }));
    },
    close() {
      isClosed = true;
      clearTimeout(timer);
      if (trying?.last) {
        events.onOutcome({
          isReconnect: trying.isReconnect,
          startedAt: trying.startedAt,
          attempts: trying.attempts,
          ...(trying.first ? { firstFailure: trying.first } : {}),
          gaveUp: trying.last,
        });
      }
      trying = undefined;
      const open = socket;
      socket = undefined;
      isReady = false;
      // A socket still handshaking cannot close cleanly; it must not outlive the run.
      if (open?.readyState === 0) open.terminate();
      else open?.close(1000);
    },
  };
}

export type LiveSocket = ReturnType<typeof openLiveSocket>;

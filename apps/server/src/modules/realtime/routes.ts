import fastifyWebsocket from '@fastify/websocket';
import { type Language, languageOf } from '@playon/shared/i18n/language';
import { translateServerMessage } from '@playon/shared/i18n/translate';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Bus } from '../../platform/bus/index.ts';
import { createLocalPresence, HEARTBEAT_MS, type Presence } from './presence.ts';
import { deliveriesOf, PLAYER_CHANNEL, TOPIC_CHANNEL, type TopicDelivery } from './service.ts';
import { createTopicFollowers } from './topics.ts';

/** The part of a `ws` socket used here (ws ships no types of its own). */
interface WebSocket {
  readonly readyState: number;
  readonly OPEN: number;
  send(text: string): void;
  ping(): void;
  terminate(): void;
  close(code?: number, reason?: string): void;
  on(event: 'pong' | 'close', listener: () => void): void;
  on(event: 'message', listener: (data: unknown) => void): void;
}

/** Close code for a missing, expired or forged access token. */
export const CLOSE_UNAUTHENTICATED = 4401;
/** Close code "service restart" (RFC 6455): this instance is stopping, reconnect (to another one). */
export const CLOSE_SERVICE_RESTART = 1012;

/**
 * `/ws?token=<access token>`: one socket per tab, told whatever the modules send the player through
 * the one `Realtime` service (service.ts): payment intents' status as `{type:'task', id, status,
 * message}` (docs/api.md, "Wallet and payments"), chat messages, notifications, and what happens
 * on the topics the socket follows (topics.ts: a tournament's leaderboard). The bus brings events
 * from any instance; pings drop sockets whose peer went away; a client that reconnects catches up
 * over HTTP. Each socket opened and closed, and each heartbeat, is told to `presence` (who is
 * online, for chat rooms).
 */
/**
 * Who the upgrade request's access token names (throws if nobody): the player's uid and, when the
 * token belongs to a session, how to learn that the session has ended (signed out, password reset).
 */
export type SocketAuthenticator = (
  request: FastifyRequest,
  token: string,
) => Promise<{ uid: string; hasEnded?: () => Promise<boolean> }>;

export function realtimeRoutes(
  bus: Bus,
  authenticate: SocketAuthenticator,
  {
    heartbeatMs = HEARTBEAT_MS,
    presence = createLocalPresence(),
  }: { heartbeatMs?: number; presence?: Presence } = {},
) {
  return async (fastify: FastifyInstance) => {
    await fastify.register(fastifyWebsocket, {
      options: { maxPayload: 4096 },
      // On SIGTERM (app.close()): every socket is told 1012 and the web client reconnects at once; one
      // that does not answer the close within 2 s is dropped, so it cannot hold the shutdown.
      preClose(this: FastifyInstance, done: () => void) {
        const server = this.websocketServer;
        for (const client of server.clients) client.close(CLOSE_SERVICE_RESTART, 'service restart');
        const drop = setTimeout(() => {
          for (const client of server.clients) client.terminate();
        }, 2000);
        server.close(() => {
          clearTimeout(drop);
          done();
        });
      },
    });
    const sockets = new Map<string, Set<WebSocket>>();
    const alive = new WeakMap<WebSocket, boolean>();
    const sessionEnded = new WeakMap<WebSocket, () => Promise<boolean>>();
    /** A socket outlives the token that opened it: each heartbeat asks whether its session ended. */
    const closeIfEnded = async (socket: WebSocket) => {
      const hasEnded = sessionEnded.get(socket);
      if (hasEnded && (await hasEnded()) && socket.readyState === socket.OPEN)
        socket.close(CLOSE_UNAUTHENTICATED, 'You are not logged in');
    };

    /** The language each socket asked for (`lang=` in its address: a browser's socket sets no headers). */
    const languages = new WeakMap<WebSocket, Language>();
    const deliver = (uids: readonly string[], payload: unknown) => {
      const texts = new Map<Language, string>();
      const textIn = (language: Language) => {
        let text = texts.get(language);
        if (text === undefined) {
          text = JSON.stringify(inLanguage(payload, language));
          texts.set(language, text);
        }
        return text;
      };
      for (const uid of uids) {
        for (const socket of sockets.get(uid) ?? []) {
          if (socket.readyState === socket.OPEN) socket.send(textIn(languages.get(socket) ?? 'en'));
        }
      }
    };
    const unsubscribePlayers = bus.subscribe(PLAYER_CHANNEL, (message) => {
      for (const delivery of deliveriesOf(message)) deliver(delivery.uids, delivery.message);
    });
    const topics = createTopicFollowers<WebSocket>();
    const unsubscribeTopics = bus.subscribe(TOPIC_CHANNEL, (message) => {
      const delivery = message as TopicDelivery;
      const text = JSON.stringify(delivery.message);
      for (const socket of topics.followersOf(delivery.topic)) {
        if (socket.readyState === socket.OPEN) socket.send(text);
      }
    });

    const heartbeat = setInterval(() => {
      for (const set of sockets.values()) {
        for (const socket of set) {
          if (alive.get(socket) === false) {
            socket.terminate();
            continue;
          }
          alive.set(socket, false);
          void closeIfEnded(socket);
          socket.ping();
        }
      }
      void presence.refresh();
    }, heartbeatMs);
    heartbeat.unref();

    fastify.addHook('onClose', async () => {
      clearInterval(heartbeat);
      unsubscribePlayers();
      unsubscribeTopics();
      for (const set of sockets.values())
        for (const socket of set) socket.close(CLOSE_SERVICE_RESTART, 'service restart');
    });

    fastify.get(
      '/ws',
      { websocket: true, schema: { hide: true } },
      async (socket: WebSocket, request: FastifyRequest) => {
        const token = (request.query as { token?: unknown }).token;
        let uid: string;
        try {
          const identity = await authenticate(request, typeof token === 'string' ? token : '');
          uid = identity.uid;
          if (identity.hasEnded) sessionEnded.set(socket, identity.hasEnded);
        } catch {
          socket.close(CLOSE_UNAUTHENTICATED, 'You are not logged in');
          return;
        }
        const lang = (request.query as { lang?: unknown }).lang;
        languages.set(socket, languageOf(typeof lang === 'string' ? lang : undefined));
        const set = sockets.get(uid) ?? new Set<WebSocket>();
        sockets.set(uid, set);
        set.add(socket);
        alive.set(socket, true);
        socket.on('pong', () => alive.set(socket, true));
        // The client follows topics; anything else it sends is ignored (a ping keeps its proxies awake).
        socket.on('message', (data) => {
          alive.set(socket, true);
          const topic = topics.heard(socket, data);
          if (topic && socket.readyState === socket.OPEN)
            socket.send(JSON.stringify({ type: 'subscribed', topic }));
        });
        const online = presence.connected(uid);
        socket.on('close', () => {
          set.delete(socket);
          topics.drop(socket);
          if (set.size === 0 && sockets.get(uid) === set) sockets.delete(uid);
          void presence.disconnected(uid);
        });
        // 'ready' once the player counts as online, so a client that reads a room next sees itself.
        await online;
        if (socket.readyState === socket.OPEN) socket.send(JSON.stringify({ type: 'ready' }));
      },
    );
  };
}

/**
 * A payment task's message in the socket's language, as the envelope's are (ADR 0032); the other
 * messages carry no server text. One the catalogue lacks stays English.
 */
function inLanguage(payload: unknown, language: Language): unknown {
  const task = payload as { type?: unknown; message?: unknown };
  if (language === 'en' || task?.type !== 'task' || typeof task.message !== 'string') return payload;
  return { ...task, message: translateServerMessage(task.message, language) ?? task.message };
}

import { RealtimeClientMessageSchema } from '@playon/shared/realtime';

/** A socket follows at most this many topics: a screen follows one, a few tabs' worth is plenty. */
export const MAX_TOPICS_PER_SOCKET = 8;

/**
 * Which of this instance's sockets follow which topic (a tournament's leaderboard). A
 * client says `{type:'subscribe'|'unsubscribe', topic}`; anything else it sends is ignored, as
 * before. Following needs nothing but a signed-in socket: a topic only says what anyone may read.
 */
export function createTopicFollowers<Socket extends object>() {
  const followers = new Map<string, Set<Socket>>();
  const followed = new WeakMap<Socket, Set<string>>();

  function unfollow(socket: Socket, topic: string) {
    followed.get(socket)?.delete(topic);
    const set = followers.get(topic);
    set?.delete(socket);
    if (set?.size === 0) followers.delete(topic);
  }

  return {
    /**
     * A text the client sent: a subscribe or unsubscribe is applied, anything else ignored. Resolves
     * to the topic the socket has just started to follow, if any (it is told so).
     */
    heard(socket: Socket, data: unknown): string | undefined {
      let parsed: unknown;
      try {
        parsed = JSON.parse(String(data));
      } catch {
        return;
      }
      const result = RealtimeClientMessageSchema.safeParse(parsed);
      if (!result.success) return;
      const { type, topic } = result.data;
      if (type === 'unsubscribe') {
        unfollow(socket, topic);
        return;
      }
      const topics = followed.get(socket) ?? new Set<string>();
      if (!topics.has(topic) && topics.size >= MAX_TOPICS_PER_SOCKET) return;
      topics.add(topic);
      followed.set(socket, topics);
      const set = followers.get(topic) ?? new Set<Socket>();
      set.add(socket);
      followers.set(topic, set);
      return topic;
    },
    followersOf: (topic: string): ReadonlySet<Socket> => followers.get(topic) ?? new Set(),
    /** The socket closed: it follows nothing any more. */
    drop(socket: Socket) {
      for (const topic of [...(followed.get(socket) ?? [])]) unfollow(socket, topic);
    },
  };
}

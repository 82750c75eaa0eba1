import { createHmac, timingSafeEqual } from 'node:crypto';

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/**
 * The `session` a game carries (docs/api.md, "Play sessions"): the play session's id and an HMAC-SHA256 of
 * it under the server's secret, so a browser can neither invent a session nor alter one.
 */
export function createPlayTokens(secret: string) {
  const mac = (id: string) => createHmac('sha256', secret).update(`playon-play-session:${id}`).digest();

  return {
    sign: (sessionId: string) => `${sessionId}.${mac(sessionId).toString('base64url')}`,
    /**
     * The seed of the session's run (ADR 0015): derived, not stored, so the server that judges the
     * report finds the same seed the launch address gave the game. A player cannot choose it.
     */
    seedOf: (sessionId: string) =>
      createHmac('sha256', secret).update(`playon-play-seed:${sessionId}`).digest().readUInt32BE(0),
    /** The session id the token vouches for, or null when it is malformed or its signature is wrong. */
    verify(token: string): string | null {
      const [id, signature, extra] = token.split('.');
      if (!id || !signature || extra !== undefined || !uuidPattern.test(id)) return null;
      const given = Buffer.from(signature, 'base64url');
      const expected = mac(id);
      return given.length === expected.length && timingSafeEqual(given, expected) ? id : null;
    },
  };
}

export type PlayTokens = ReturnType<typeof createPlayTokens>;

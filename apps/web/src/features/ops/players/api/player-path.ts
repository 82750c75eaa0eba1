/** A player's path under /api/ops: every Players endpoint hangs from it. */
export const playerPath = (uid: string) => `/players/${encodeURIComponent(uid)}`;

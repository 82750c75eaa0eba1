import { randomUUID } from 'node:crypto';
import { describe, expect, it, vi } from 'vitest';
import { createLocalPresence, createRedisPresence } from '../../src/modules/realtime/presence.ts';

const quiet = { warn() {} };

describe('presence on one instance', () => {
  it('counts a player online until their last socket closes', async () => {
    const presence = createLocalPresence();
    await presence.connected('amina');
    await presence.connected('amina');
    await presence.connected('brian');
    await presence.disconnected('amina');
    expect((await presence.onlineUids()).sort()).toEqual(['amina', 'brian']);
    await presence.disconnected('amina');
    expect(await presence.onlineUids()).toEqual(['brian']);
  });
});

describe.skipIf(!process.env.TEST_REDIS_URL)('presence shared through Redis', () => {
  const url = process.env.TEST_REDIS_URL as string;
  const namespace = `playon-test-presence:${randomUUID()}:`;

  it('forgets the players of an instance that stopped without a goodbye, after two heartbeats', async () => {
    const heartbeatMs = 150;
    const crashed = createRedisPresence(url, quiet, namespace, heartbeatMs);
    const alive = createRedisPresence(url, quiet, namespace, heartbeatMs);
    const [gone, here] = [`gone-${randomUUID()}`, `here-${randomUUID()}`];
    await crashed.connected(gone);
    await alive.connected(here);
    expect(await alive.onlineUids()).toEqual(expect.arrayContaining([gone, here]));

    // The crashed instance never refreshes again; the live one keeps vouching for its player. Presence
    // reads the time from Date, moved here a heartbeat at a time.
    vi.useFakeTimers({ toFake: ['Date'] });
    let online: string[];
    try {
      for (let beat = 0; beat < 3; beat++) {
        vi.setSystemTime(Date.now() + heartbeatMs);
        await alive.refresh();
      }
      online = await alive.onlineUids();
    } finally {
      vi.useRealTimers();
    }
    expect(online).toContain(here);
    expect(online).not.toContain(gone);
    await Promise.all([alive.close(), crashed.close()]);
  });

  it('keeps a player online while another instance still holds a socket of theirs', async () => {
    const [one, two] = [
      createRedisPresence(url, quiet, namespace),
      createRedisPresence(url, quiet, namespace),
    ];
    const uid = `both-${randomUUID()}`;
    await one.connected(uid);
    await two.connected(uid);
    await one.disconnected(uid);
    expect(await one.onlineUids()).toContain(uid);
    await two.disconnected(uid);
    expect(await one.onlineUids()).not.toContain(uid);
    await Promise.all([one.close(), two.close()]);
  });
});

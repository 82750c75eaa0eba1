import type { RealtimeMessage } from '@playon/shared/realtime';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createLeaderboardLive } from './live.ts';

const quiet = { info() {}, warn() {}, error() {} };

function followers() {
  const sent: { topic: string; message: RealtimeMessage }[] = [];
  const realtime = {
    sendToTopic: async (topic: string, message: RealtimeMessage) => void sent.push({ topic, message }),
  };
  return { sent, live: createLeaderboardLive({ realtime, log: quiet, everyMs: 1000 }) };
}

describe('live leaderboard changes', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('tells the followers of the first change at once', () => {
    const { sent, live } = followers();
    live.changed(7);
    expect(sent).toEqual([{ topic: 'leaderboard:7', message: { type: 'leaderboard', tournamentId: 7 } }]);
    live.close();
  });

  it('turns a storm of reports into one message at once and one when the second is over', () => {
    const { sent, live } = followers();
    for (let report = 0; report < 500; report++) live.changed(7);
    expect(sent).toHaveLength(1);
    vi.advanceTimersByTime(999);
    expect(sent).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(sent).toHaveLength(2);
    // Nothing changed since: the next second sends nothing, and the one after starts afresh.
    vi.advanceTimersByTime(5000);
    expect(sent).toHaveLength(2);
    live.changed(7);
    expect(sent).toHaveLength(3);
    live.close();
  });

  it('counts each tournament on its own', () => {
    const { sent, live } = followers();
    live.changed(7);
    live.changed(8);
    live.changed(7);
    expect(sent.map((item) => item.topic)).toEqual(['leaderboard:7', 'leaderboard:8']);
    vi.advanceTimersByTime(1000);
    expect(sent.map((item) => item.topic)).toEqual(['leaderboard:7', 'leaderboard:8', 'leaderboard:7']);
    live.close();
  });

  it('sends nothing more once closed (the app is stopping)', () => {
    const { sent, live } = followers();
    live.changed(7);
    live.changed(7);
    live.close();
    vi.advanceTimersByTime(5000);
    expect(sent).toHaveLength(1);
  });
});

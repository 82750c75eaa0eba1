import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { buildProfile } from '../test/factories';
import { fakeToken, stubFetch } from '../test/fetch-stub';
import { setLanguage } from './language';
import { followRealtimeTopic, type RealtimeEvent, subscribeRealtime } from './realtime-client';
import { storeProfile } from './session-store';

class FakeSocket {
  static made: FakeSocket[] = [];
  onopen: (() => void) | null = null;
  onmessage: ((event: { data: unknown }) => void) | null = null;
  onerror: (() => void) | null = null;
  onclose: ((event: { code: number }) => void) | null = null;
  closedWith: number | null = null;
  sent: unknown[] = [];
  readonly url: string;
  constructor(url: string) {
    this.url = url;
    FakeSocket.made.push(this);
  }
  close(code: number) {
    this.closedWith = code;
  }
  send(text: string) {
    this.sent.push(JSON.parse(text));
  }
}

const last = () => FakeSocket.made.at(-1) as FakeSocket;
const settle = () => vi.advanceTimersByTimeAsync(0);

describe('realtime client', () => {
  let tokens: number;
  beforeEach(() => {
    vi.useFakeTimers();
    FakeSocket.made = [];
    vi.stubGlobal('WebSocket', FakeSocket);
    storeProfile(buildProfile());
    tokens = 0;
    stubFetch({
      'GET /api/auth/token': () => {
        tokens++;
        return { status: 200, body: { token: fakeToken() } };
      },
    });
  });
  afterEach(() => vi.useRealTimers());

  it("opens the socket in the player's language, and a new one when they choose another", async () => {
    const events: RealtimeEvent[] = [];
    const stop = subscribeRealtime((event) => events.push(event));
    await settle();
    const english = last();
    expect(new URL(english.url).searchParams.get('lang')).toBe('en');
    english.onopen?.();
    setLanguage('sw');
    await settle();
    expect(english.closedWith).toBe(1000);
    const kiswahili = FakeSocket.made[1] as FakeSocket;
    expect(new URL(kiswahili.url).searchParams.get('lang')).toBe('sw');
    kiswahili.onopen?.();
    expect(events).toEqual([{ kind: 'open' }, { kind: 'open' }]);
    stop();
    setLanguage('en');
  });

  it('connects to /ws on this origin with the access token and passes messages on', async () => {
    const events: RealtimeEvent[] = [];
    const stop = subscribeRealtime((event) => events.push(event));
    await settle();
    const url = new URL(last().url);
    expect(url.protocol).toBe('ws:');
    expect(url.pathname).toBe('/ws');
    expect(url.searchParams.get('token')).toMatch(/^e30\./);
    last().onopen?.();
    last().onmessage?.({ data: '{"type":"task","id":"pi_1","status":"COMPLETED","message":null}' });
    expect(events).toEqual([
      { kind: 'open' },
      { kind: 'message', data: { type: 'task', id: 'pi_1', status: 'COMPLETED', message: null } },
    ]);
    stop();
    expect(last().closedWith).toBe(1000);
  });

  it('reconnects with backoff after a drop, and asks for a fresh token when the socket was refused', async () => {
    const stop = subscribeRealtime(() => undefined);
    await settle();
    expect(FakeSocket.made).toHaveLength(1);
    const tokensBefore = tokens;
    last().onclose?.({ code: 1006 }); // refused before it opened
    await settle();
    expect(FakeSocket.made).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1000);
    expect(FakeSocket.made).toHaveLength(2);
    expect(tokens).toBe(tokensBefore + 1);
    last().onopen?.();
    last().onclose?.({ code: 1006 }); // dropped after it opened: backoff starts again
    await vi.advanceTimersByTimeAsync(1000);
    expect(FakeSocket.made).toHaveLength(3);
    stop();
  });

  it('reconnects within a second on 1012 (the server restarting), keeping its token, and reports open again', async () => {
    const events: RealtimeEvent[] = [];
    const stop = subscribeRealtime((event) => events.push(event));
    await settle();
    // A socket that kept failing before it opened has backed off far...
    for (let drop = 0; drop < 4; drop++) {
      last().onclose?.({ code: 1006 });
      await vi.advanceTimersByTimeAsync(30_000);
    }
    const made = FakeSocket.made.length;
    const tokensBefore = tokens;
    // ...yet a 1012, even before it opened, is the instance going away: back again within a second.
    last().onclose?.({ code: 1012 });
    await vi.advanceTimersByTimeAsync(1000);
    expect(FakeSocket.made).toHaveLength(made + 1);
    expect(tokens).toBe(tokensBefore);
    last().onopen?.();
    expect(events.at(-1)).toEqual({ kind: 'open' });
    stop();
  });

  it('shares one socket between listeners and closes it when the last one leaves', async () => {
    const stopA = subscribeRealtime(() => undefined);
    const stopB = subscribeRealtime(() => undefined);
    await settle();
    expect(FakeSocket.made).toHaveLength(1);
    stopA();
    expect(last().closedWith).toBeNull();
    stopB();
    expect(last().closedWith).toBe(1000);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(FakeSocket.made).toHaveLength(1);
  });

  it('tries again at once when the network comes back instead of waiting out the backoff', async () => {
    const stop = subscribeRealtime(() => undefined);
    await settle();
    for (let drop = 0; drop < 4; drop++) {
      last().onclose?.({ code: 1006 });
      await vi.advanceTimersByTimeAsync(30_000);
    }
    const made = FakeSocket.made.length;
    last().onclose?.({ code: 1006 });
    window.dispatchEvent(new Event('online'));
    await settle();
    expect(FakeSocket.made).toHaveLength(made + 1);
    stop();
  });

  it('follows a topic once the socket is ready, again after a reconnection, and stops when the last screen leaves', async () => {
    const heard: RealtimeEvent[] = [];
    const stopA = followRealtimeTopic('leaderboard:7', (event) => heard.push(event));
    const stopB = followRealtimeTopic('leaderboard:7', () => undefined);
    await settle();
    last().onopen?.();
    // The server listens from 'ready' on: nothing is sent before it.
    expect(last().sent).toEqual([]);
    last().onmessage?.({ data: '{"type":"ready"}' });
    expect(last().sent).toEqual([{ type: 'subscribe', topic: 'leaderboard:7' }]);
    last().onmessage?.({ data: '{"type":"leaderboard","tournamentId":7}' });
    expect(heard.at(-1)).toEqual({ kind: 'message', data: { type: 'leaderboard', tournamentId: 7 } });

    // A new socket (the instance restarted) follows the topic again.
    last().onclose?.({ code: 1012 });
    await vi.advanceTimersByTimeAsync(1000);
    last().onopen?.();
    last().onmessage?.({ data: '{"type":"ready"}' });
    expect(last().sent).toEqual([{ type: 'subscribe', topic: 'leaderboard:7' }]);

    const stopOther = followRealtimeTopic('leaderboard:8', () => undefined);
    expect(last().sent.at(-1)).toEqual({ type: 'subscribe', topic: 'leaderboard:8' });
    stopA();
    expect(last().sent).toHaveLength(2); // another screen still follows leaderboard:7
    stopB();
    expect(last().sent.at(-1)).toEqual({ type: 'unsubscribe', topic: 'leaderboard:7' });
    expect(last().closedWith).toBeNull();
    stopOther();
    expect(last().sent.at(-1)).toEqual({ type: 'unsubscribe', topic: 'leaderboard:8' });
    expect(last().closedWith).toBe(1000);
  });
});

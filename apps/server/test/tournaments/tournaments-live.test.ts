import { leaderboardTopic, type RealtimeMessage } from '@playon/shared/realtime';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRealtime } from '../../src/modules/realtime/service.ts';
import { createRedisBus } from '../../src/platform/bus/index.ts';
import { createTestApp, type TestApp } from '../support/app.ts';
import { freePort } from '../support/payments.ts';
import { signUpPlayer, type TestPlayer } from '../support/players.ts';
import { arrangeTournament, insertTestGame, tournamentApi } from '../support/tournaments.ts';

const MINUTE = 60_000;

let t: TestApp;
let api: ReturnType<typeof tournamentApi>;
let port: number;
let gameId: number;
let amina: TestPlayer;
beforeAll(async () => {
  port = await freePort();
  t = await createTestApp({ PORT: String(port), PUBLIC_URL: `http://127.0.0.1:${port}` });
  await t.app.listen({ port, host: '127.0.0.1' });
  api = tournamentApi(t);
  amina = await signUpPlayer(t.app);
  gameId = (await insertTestGame(t)).id;
});
afterAll(() => t.close());

const running = () => {
  const now = Date.now();
  return arrangeTournament(t, { gameId, starts: new Date(now - MINUTE), ends: new Date(now + 60 * MINUTE) });
};

const waitFor = async (check: () => boolean, what: string) => {
  const deadline = Date.now() + 15_000;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`gave up waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
};

/** A player's /ws as the leaderboard screen uses it: follows topics, collects what it hears. */
async function openBoard(player: TestPlayer) {
  const socket = new WebSocket(`ws://127.0.0.1:${port}/ws?token=${encodeURIComponent(player.token)}`);
  const heard: RealtimeMessage[] = [];
  socket.addEventListener('message', (event) => heard.push(JSON.parse(String(event.data))));
  await waitFor(() => heard.some((message) => message.type === 'ready'), 'the socket to be ready');
  const subscriptions = (topic: string) =>
    heard.filter((message) => message.type === 'subscribed' && message.topic === topic).length;
  return {
    heard,
    changes: () => heard.filter((message) => message.type === 'leaderboard').map((m) => m.tournamentId),
    /** Follows a tournament's board and waits for this request's answer (not an earlier one's). */
    async follow(tournamentId: number) {
      const topic = leaderboardTopic(tournamentId);
      const answered = subscriptions(topic);
      socket.send(JSON.stringify({ type: 'subscribe', topic }));
      await waitFor(() => subscriptions(topic) > answered, `the subscription to ${topic}`);
    },
    /** Sends any text, as a client that does not play by the rules could. */
    sendRaw: (text: string) => socket.send(text),
    unfollow(tournamentId: number) {
      socket.send(JSON.stringify({ type: 'unsubscribe', topic: leaderboardTopic(tournamentId) }));
    },
    close: () => socket.close(),
  };
}

async function score(player: TestPlayer, tournamentId: number, points: number) {
  const session = await api.session(player, gameId, tournamentId);
  const response = await api.report(player, tournamentId, { session, points });
  expect(response.statusCode, response.body).toBe(200);
}

describe('a running leaderboard, live over /ws', () => {
  it("tells the screens following it that a player's best rose, and nobody following another", async () => {
    const [cup, other] = [await running(), await running()];
    const brian = await signUpPlayer(t.app);
    const following = await openBoard(amina);
    const elsewhere = await openBoard(brian);
    await following.follow(cup.id);
    await elsewhere.follow(other.id);

    await score(brian, cup.id, 120);
    await waitFor(() => following.changes().length > 0, 'the change');
    expect(following.changes()).toEqual([cup.id]);
    // The other screen hears its own tournament's change, and only that one.
    await score(amina, other.id, 80);
    await waitFor(() => elsewhere.changes().length > 0, 'the other change');
    expect(elsewhere.changes()).toEqual([other.id]);
    following.close();
    elsewhere.close();
  });

  it('stops telling a screen that unsubscribed, and refuses topics that are not leaderboards', async () => {
    const [cup, next] = [await running(), await running()];
    const board = await openBoard(amina);
    await board.follow(cup.id);
    board.unfollow(cup.id);
    // Unsubscribe and subscribe are handled in the order sent: once the second is answered, the first is done.
    await board.follow(next.id);
    await score(amina, cup.id, 50);
    await score(amina, next.id, 60);
    await waitFor(() => board.changes().length > 0, 'the change');
    expect(board.changes()).toEqual([next.id]);

    // Topics other than a tournament's leaderboard are not followed: no answer, nothing heard later.
    const refused = ['chat:1', 'leaderboard:0', 'leaderboard:abc', 'players'];
    const before = board.heard.length;
    for (const topic of refused) board.sendRaw(JSON.stringify({ type: 'subscribe', topic }));
    board.sendRaw('not json');
    const third = await running();
    await board.follow(third.id);
    expect(board.heard.slice(before)).toEqual([{ type: 'subscribed', topic: leaderboardTopic(third.id) }]);
    board.close();
  });

  it.skipIf(!process.env.TEST_REDIS_URL)(
    'reaches the screens held by this instance when another instance publishes (Redis bus)',
    async () => {
      const cup = await running();
      const board = await openBoard(amina);
      await board.follow(cup.id);
      const otherInstance = createRedisBus(
        process.env.TEST_REDIS_URL as string,
        t.app.log,
        t.config.redisBusNamespace,
      );
      await createRealtime(otherInstance).sendToTopic(leaderboardTopic(cup.id), {
        type: 'leaderboard',
        tournamentId: cup.id,
      });
      await waitFor(() => board.changes().length > 0, 'the change from the other instance');
      expect(board.changes()).toEqual([cup.id]);
      board.close();
      await otherInstance.close();
    },
  );
});

import { randomUUID } from 'node:crypto';
import { chatMessages } from '@playon/shared/chat';
import type {
  Broadcast,
  BroadcastCount,
  FeedbackDetail,
  FeedbackListItem,
  ModerationMessage,
  Mute,
} from '@playon/shared/ops-community';
import type { RealtimeMessage } from '@playon/shared/realtime';
import { eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FEEDBACK_ANSWER_MAIL_JOB } from '../../src/modules/content/jobs.ts';
import { playSessions } from '../../src/modules/games/schema.ts';
import { BROADCAST_JOB } from '../../src/modules/notifications/jobs.ts';
import { notifications } from '../../src/modules/notifications/schema.ts';
import { outbox } from '../../src/platform/mail-schema.ts';
import { createTestApp, type TestApp } from '../support/app.ts';
import { chatClient } from '../support/chat.ts';
import { createRoom } from '../support/chat-messages.ts';
import { runJobsNow } from '../support/jobs.ts';
import { signUpOperator } from '../support/operators.ts';
import { eventually, freePort } from '../support/payments.ts';
import { bearer, signUpPlayer, type TestPlayer } from '../support/players.ts';
import { arrangeTournament, insertTestGame, seatPlayers } from '../support/tournaments.ts';

let t: TestApp;
let port: number;
let support: TestPlayer;
let admin: TestPlayer;
let finance: TestPlayer;
beforeAll(async () => {
  port = await freePort();
  t = await createTestApp({ PORT: String(port), PUBLIC_URL: `http://127.0.0.1:${port}` });
  await t.app.listen({ port, host: '127.0.0.1' });
  support = await signUpOperator(t.app, t.database.db, 'support');
  admin = await signUpOperator(t.app, t.database.db, 'admin');
  finance = await signUpOperator(t.app, t.database.db, 'finance');
});
afterAll(() => t.close());

const get = (url: string, who?: TestPlayer) =>
  t.app.inject({ method: 'GET', url, headers: who ? bearer(who.token) : {} });
const post = (url: string, who: TestPlayer, payload?: object, headers: Record<string, string> = {}) =>
  t.app.inject({
    method: 'POST',
    url,
    headers: { ...bearer(who.token), ...headers },
    ...(payload ? { payload } : {}),
  });

async function auditOf(targetId: string) {
  return (await get(`/api/ops/audit?q=${encodeURIComponent(targetId)}`, admin)).json().payload.items as {
    action: string;
    actorEmail: string;
    reason: string | null;
    before: unknown;
    after: unknown;
  }[];
}

async function sendFeedback(player: TestPlayer, subject = `Withdrawal question ${randomUUID().slice(0, 6)}`) {
  const sent = await post('/api/contact-us/feedback', player, {
    email: player.email,
    subject,
    message: 'My withdrawal has been pending since morning. Please help.',
  });
  expect(sent.statusCode, sent.body).toBe(200);
  const inbox = await get(`/api/ops/community/feedback?q=${encodeURIComponent(subject)}`, support);
  const [item] = inbox.json().payload.items as FeedbackListItem[];
  if (!item) throw new Error('feedback not in the inbox');
  return item;
}

describe('who may use the community area', () => {
  it('lets support and admin in, and refuses finance and players with 403 and anonymous with 401', async () => {
    const player = await signUpPlayer(t.app);
    for (const path of [
      '/api/ops/community/feedback',
      '/api/ops/community/chat/rooms',
      '/api/ops/community/broadcasts',
      '/api/ops/community/broadcasts/count?audience=all',
    ]) {
      expect((await get(path)).statusCode, path).toBe(401);
      expect((await get(path, player)).statusCode, path).toBe(403);
      expect((await get(path, finance)).statusCode, path).toBe(403);
      expect((await get(path, support)).statusCode, path).toBe(200);
      expect((await get(path, admin)).statusCode, path).toBe(200);
    }
  });
});

describe('the feedback inbox', () => {
  it("shows a player's message as new, with who they are beside it", async () => {
    const player = await signUpPlayer(t.app);
    const item = await sendFeedback(player);
    expect(item).toMatchObject({ uid: player.uid, email: player.email, status: 'new', answers: 0 });
    const detail = (await get(`/api/ops/community/feedback/${item.id}`, support)).json()
      .payload as FeedbackDetail;
    expect(detail.message).toBe('My withdrawal has been pending since morning. Please help.');
    expect(detail.player).toMatchObject({
      uid: player.uid,
      email: player.email,
      paymentsLast30Days: 0,
      subscription: null,
    });
    const news = (await get('/api/ops/community/feedback?status=new', support)).json().payload;
    expect(news.items.map((row: FeedbackListItem) => row.id)).toContain(item.id);
  });

  it('mails the answer to the player: the reply is in the outbox, and the audit log has it', async () => {
    const player = await signUpPlayer(t.app);
    const item = await sendFeedback(player);
    const answered = await post(`/api/ops/community/feedback/${item.id}/answer`, support, {
      body: 'It went through at 14:02. Sorry for the wait!',
    });
    expect(answered.statusCode, answered.body).toBe(200);
    const detail = answered.json().payload as FeedbackDetail;
    expect(detail.status).toBe('answered');
    expect(detail.answerList).toMatchObject([
      { body: 'It went through at 14:02. Sorry for the wait!', operatorEmail: support.email, mailedAt: null },
    ]);

    await runJobsNow(t.database.db, t.app.jobs, FEEDBACK_ANSWER_MAIL_JOB);
    const mails = await t.database.db.select().from(outbox).where(eq(outbox.to, player.email));
    expect(mails).toHaveLength(1);
    expect(mails[0]?.subject).toBe(`Re: ${item.subject}`);
    expect(mails[0]?.text).toContain('It went through at 14:02. Sorry for the wait!');
    expect(mails[0]?.text).toContain('> My withdrawal has been pending since morning. Please help.');
    const after = (await get(`/api/ops/community/feedback/${item.id}`, support)).json()
      .payload as FeedbackDetail;
    expect(after.answerList[0]?.mailedAt).not.toBeNull();
    const bySubject = await get(
      `/api/ops/community/feedback?status=answered&q=${encodeURIComponent(item.subject)}`,
      support,
    );
    expect(bySubject.json().payload.items).toMatchObject([{ id: item.id, answers: 1, status: 'answered' }]);
    // The job running again (at least once) sends nothing more.
    await runJobsNow(t.database.db, t.app.jobs, FEEDBACK_ANSWER_MAIL_JOB);
    expect(await t.database.db.select().from(outbox).where(eq(outbox.to, player.email))).toHaveLength(1);

    const [entry] = await auditOf(item.id);
    expect(entry).toMatchObject({
      action: 'feedback.answer',
      actorEmail: support.email,
      before: { status: 'new' },
      after: { status: 'answered', to: player.email },
    });
  });

  it("frames the answer in the player's profile language, the operator's words as written", async () => {
    const player = await signUpPlayer(t.app);
    const chosen = await t.app.inject({
      method: 'PUT',
      url: `/api/profile/${player.uid}`,
      headers: bearer(player.token),
      payload: { language: 'sw' },
    });
    expect(chosen.statusCode, chosen.body).toBe(200);
    const item = await sendFeedback(player);
    const answer = 'Imefika saa 14:02. Samahani kwa kuchelewa!';
    expect(
      (await post(`/api/ops/community/feedback/${item.id}/answer`, support, { body: answer })).statusCode,
    ).toBe(200);
    await runJobsNow(t.database.db, t.app.jobs, FEEDBACK_ANSWER_MAIL_JOB);
    const [mail] = await t.database.db.select().from(outbox).where(eq(outbox.to, player.email));
    expect(mail?.subject).toBe(`Re: ${item.subject}`);
    expect(mail?.text).toMatch(
      /^Imefika saa 14:02\. Samahani kwa kuchelewa!\n\n— Huduma kwa wateja ya PlayOn\n\nUliandika .+:\n> My withdrawal/,
    );
    expect(mail?.text).not.toContain('You wrote on');
  });

  it('closes and reopens a message, each once, and answers clearly for a bad id or an empty answer', async () => {
    const item = await sendFeedback(await signUpPlayer(t.app));
    const closed = await post(`/api/ops/community/feedback/${item.id}/close`, support);
    expect(closed.json().payload.status).toBe('closed');
    expect((await post(`/api/ops/community/feedback/${item.id}/close`, support)).statusCode).toBe(409);
    const reopened = await post(`/api/ops/community/feedback/${item.id}/reopen`, admin);
    expect(reopened.json().payload.status).toBe('new');
    expect((await post(`/api/ops/community/feedback/${item.id}/reopen`, admin)).statusCode).toBe(409);
    expect((await auditOf(item.id)).map((entry) => entry.action)).toEqual([
      'feedback.reopen',
      'feedback.close',
    ]);

    const empty = await post(`/api/ops/community/feedback/${item.id}/answer`, support, { body: ' ' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().statusMessage).toBe('Please write the answer.');
    expect((await get(`/api/ops/community/feedback/${randomUUID()}`, support)).statusCode).toBe(404);
    expect((await get('/api/ops/community/feedback/not-an-id', support)).statusCode).toBe(400);
  });
});

/** A player's app open on a phone: /ws with their token, collecting what it hears. */
async function openApp(player: TestPlayer) {
  const socket = new WebSocket(`ws://127.0.0.1:${port}/ws?token=${encodeURIComponent(player.token)}`);
  const heard: RealtimeMessage[] = [];
  await new Promise<void>((resolve) =>
    socket.addEventListener('message', (event) => {
      const message = JSON.parse(String(event.data)) as RealtimeMessage;
      heard.push(message);
      if (message.type === 'ready') resolve();
    }),
  );
  return { heard, close: () => socket.close() };
}

describe('chat moderation', () => {
  async function roomOf(...players: TestPlayer[]) {
    const room = await createRoom(t.database.db);
    for (const player of players) await chatClient(t.app).join(player, room.chatRoomUid);
    return room;
  }
  const roomPath = (chatRoomUid: string) => `/api/ops/community/chat/rooms/${chatRoomUid}`;

  it("hides a message: gone from the room's pages, and from every member's open room at once", async () => {
    const chat = chatClient(t.app);
    const [amina, brian] = [await signUpPlayer(t.app), await signUpPlayer(t.app)];
    const room = await roomOf(amina, brian);
    const rude = await chat.sent(amina, { chatRoomId: room.id, message: 'Something rude' });
    const kept = await chat.sent(brian, { chatRoomId: room.id, message: 'Hello all' });
    const brians = await openApp(brian);

    const listed = (await get(`${roomPath(room.chatRoomUid)}/messages`, support)).json().payload;
    expect(listed.items.map((m: ModerationMessage) => m.id)).toEqual([kept.id, rude.id]);

    const hidden = await post(`${roomPath(room.chatRoomUid)}/messages/${rude.id}/hide`, support, {
      reason: 'Insults another player',
    });
    expect(hidden.statusCode, hidden.body).toBe(200);
    expect(hidden.json().payload).toMatchObject({ id: rude.id, hiddenReason: 'Insults another player' });

    const page = await chat.page(brian, { chatRoomId: room.id });
    expect(page.content.map((m) => m.id)).toEqual([kept.id]);
    expect(page.totalElements).toBe(1);
    await eventually(
      async () => brians.heard.find((m) => m.type === 'chat-hidden'),
      (m) => m !== undefined,
    );
    expect(brians.heard.find((m) => m.type === 'chat-hidden')).toEqual({
      type: 'chat-hidden',
      chatRoomUid: room.chatRoomUid,
      chatRoomId: room.id,
      messageId: rude.id,
    });
    brians.close();

    const again = await post(`${roomPath(room.chatRoomUid)}/messages/${rude.id}/hide`, support, {
      reason: 'Insults another player',
    });
    expect(again.statusCode).toBe(409);
    const noReason = await post(`${roomPath(room.chatRoomUid)}/messages/${kept.id}/hide`, support, {
      reason: '',
    });
    expect(noReason.statusCode).toBe(400);
    const onlyHidden = (await get(`${roomPath(room.chatRoomUid)}/messages?show=hidden`, support)).json()
      .payload;
    expect(onlyHidden.items.map((m: ModerationMessage) => m.id)).toEqual([rude.id]);
    const [entry] = await auditOf(rude.id);
    expect(entry).toMatchObject({
      action: 'chat.hide-message',
      reason: 'Insults another player',
      before: { message: 'Something rude', hiddenAt: null },
    });
  });

  it("refuses a muted player's messages to the room with a clear message until the mute is lifted", async () => {
    const chat = chatClient(t.app);
    const [amina, brian] = [await signUpPlayer(t.app), await signUpPlayer(t.app)];
    const room = await roomOf(amina, brian);
    const muted = await post(`${roomPath(room.chatRoomUid)}/mutes`, support, {
      userId: amina.uid,
      minutes: 60,
      reason: 'Spamming links',
    });
    expect(muted.statusCode, muted.body).toBe(200);
    const mute = muted.json().payload as Mute;
    expect(Date.parse(mute.until) - Date.now()).toBeGreaterThan(59 * 60_000);

    const refused = await chat.send(amina, { chatRoomId: room.id, message: 'Buy cheap coins at ...' });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().statusMessage).toMatch(
      /^A moderator muted you in this room until \d{1,2} \w{3}, \d{2}:\d{2}\./,
    );
    expect(refused.json().statusMessage).toBe(
      chatMessages.muted(refused.json().statusMessage.match(/until (.+?)\./)?.[1] ?? ''),
    );
    // Only in that room, and only that player.
    expect((await chat.send(brian, { chatRoomId: room.id, message: 'Hi' })).statusCode).toBe(200);
    const other = await roomOf(amina);
    expect((await chat.send(amina, { chatRoomId: other.id, message: 'Hi' })).statusCode).toBe(200);

    const seen = (await get(`${roomPath(room.chatRoomUid)}/messages`, support)).json().payload;
    expect(seen.items.find((m: ModerationMessage) => m.uid === brian.uid).senderMutedUntil).toBeNull();
    await chat.sent(amina, { chatRoomId: other.id, message: 'Still here' });
    const rooms = (
      await get(`/api/ops/community/chat/rooms?q=${encodeURIComponent(room.name)}`, support)
    ).json().payload;
    expect(rooms.items).toMatchObject([{ chatRoomUid: room.chatRoomUid, memberCount: 2, mutedCount: 1 }]);
    expect((await get(roomPath(room.chatRoomUid), support)).json().payload).toEqual(rooms.items[0]);
    const mutes = (await get(`${roomPath(room.chatRoomUid)}/mutes`, support)).json().payload;
    expect(mutes.items).toMatchObject([{ uid: amina.uid, reason: 'Spamming links', byEmail: support.email }]);
    const lifted = await post(`${roomPath(room.chatRoomUid)}/mutes/${amina.uid}/lift`, admin, {
      reason: 'Apologised',
    });
    expect(lifted.statusCode, lifted.body).toBe(200);
    expect((await chat.send(amina, { chatRoomId: room.id, message: 'Sorry everyone' })).statusCode).toBe(200);
    expect((await get(`${roomPath(room.chatRoomUid)}/mutes`, support)).json().payload.total).toBe(0);
    expect((await auditOf(amina.uid)).map((entry) => entry.action)).toEqual(['chat.lift-mute', 'chat.mute']);
  });

  it('answers clearly for an unknown player, room or message, and a mute too long', async () => {
    const room = await roomOf();
    const unknown = await post(`${roomPath(room.chatRoomUid)}/mutes`, support, {
      userId: 'nobody',
      minutes: 10,
      reason: 'Spamming',
    });
    expect(unknown.statusCode).toBe(404);
    const tooLong = await post(`${roomPath(room.chatRoomUid)}/mutes`, support, {
      userId: support.uid,
      minutes: 60 * 24 * 31,
      reason: 'Spamming',
    });
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json().statusMessage).toBe('Mute for at most 30 days.');
    expect((await get(`${roomPath('no-such-room')}/messages`, support)).statusCode).toBe(404);
    const noMessage = await post(`${roomPath(room.chatRoomUid)}/messages/${randomUUID()}/hide`, support, {
      reason: 'Rude',
    });
    expect(noMessage.statusCode).toBe(404);
  });
});

describe('broadcasts', () => {
  async function countOf(query: string) {
    const answer = await get(`/api/ops/community/broadcasts/count?${query}`, support);
    expect(answer.statusCode, answer.body).toBe(200);
    return answer.json().payload as BroadcastCount;
  }

  it("counts a tournament's players before sending, and a double click sends once", async () => {
    const game = await insertTestGame(t);
    const tournament = await arrangeTournament(t, {
      gameId: game.id,
      starts: new Date(Date.now() - 60_000),
      ends: new Date(Date.now() + 3_600_000),
    });
    const uids = await seatPlayers(t, tournament.id, [30, 20, 10]);
    expect(await countOf(`audience=tournament&tournamentId=${tournament.id}`)).toEqual({
      recipients: 3,
      audienceLabel: `Players of ${tournament.name}`,
    });

    const body = {
      audience: 'tournament',
      tournamentId: tournament.id,
      title: 'Double points tonight',
      body: 'Every score counts twice from 8 pm.',
      url: `/tournaments/leaderboard/${tournament.id}`,
      expectedRecipients: 3,
    };
    const key = randomUUID();
    const [first, second] = await Promise.all([
      post('/api/ops/community/broadcasts', support, body, { 'idempotency-key': key }),
      post('/api/ops/community/broadcasts', support, body, { 'idempotency-key': key }),
    ]);
    expect(first.statusCode, first.body).toBe(200);
    expect(second.statusCode, second.body).toBe(200);
    expect(second.json().payload.id).toBe(first.json().payload.id);
    expect(first.json().statusMessage).toBe('Sending to 3 players.');

    await runJobsNow(t.database.db, t.app.jobs, BROADCAST_JOB);
    const written = await t.database.db
      .select()
      .from(notifications)
      .where(like(notifications.dedupeKey, `broadcast:${first.json().payload.id}:%`));
    expect(written.map((row) => row.uid).sort()).toEqual([...uids].sort());
    expect(written[0]).toMatchObject({ kind: 'broadcast', title: 'Double points tonight' });

    const list = (
      await get(`/api/ops/community/broadcasts?q=${encodeURIComponent('Double points')}`, support)
    ).json().payload;
    expect(list.total).toBe(1);
    expect(list.items[0] as Broadcast).toMatchObject({ recipientsCounted: 3, recipientsWritten: 3 });
    expect(list.items[0].sentAt).not.toBeNull();
    const [entry] = await auditOf(String(first.json().payload.id));
    expect(entry).toMatchObject({ action: 'notifications.broadcast', actorEmail: support.email });
  });

  it("reaches a game's players and all players in the app, and refuses an audience it cannot name", async () => {
    const player = await signUpPlayer(t.app);
    const game = await insertTestGame(t);
    await t.database.db.insert(playSessions).values([
      { uid: player.uid, gameId: game.id, expiresAt: new Date(Date.now() + 60_000) },
      { uid: player.uid, gameId: game.id, expiresAt: new Date(Date.now() + 60_000) },
    ]);
    expect((await countOf(`audience=game&gameId=${game.id}`)).recipients).toBe(1);
    const all = await countOf('audience=all');
    expect(all).toMatchObject({ audienceLabel: 'All players' });
    expect(all.recipients).toBeGreaterThanOrEqual(5);

    const sent = await post(
      '/api/ops/community/broadcasts',
      admin,
      {
        audience: 'game',
        gameId: game.id,
        title: 'New levels',
        body: 'Three new levels today.',
        expectedRecipients: 1,
      },
      { 'idempotency-key': randomUUID() },
    );
    expect(sent.statusCode, sent.body).toBe(200);
    await runJobsNow(t.database.db, t.app.jobs, BROADCAST_JOB);
    const mine = (await get('/api/profile/notifications', player)).json().payload as { title: string }[];
    expect(mine.map((n) => n.title)).toContain('New levels');

    const noTournament = await get('/api/ops/community/broadcasts/count?audience=tournament', support);
    expect(noTournament.statusCode).toBe(400);
    expect(noTournament.json().statusMessage).toBe('Choose the tournament.');
    expect(
      (await get('/api/ops/community/broadcasts/count?audience=game&gameId=999999', support)).statusCode,
    ).toBe(404);
    const badLink = await post(
      '/api/ops/community/broadcasts',
      support,
      { audience: 'all', title: 'Hi', body: 'Hello', url: 'https://evil.example', expectedRecipients: 1 },
      { 'idempotency-key': randomUUID() },
    );
    expect(badLink.statusCode).toBe(400);
  });
});

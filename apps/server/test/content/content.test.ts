import { messages } from '@playon/shared/messages';
import { feedbackMessages, type SupportSetting, type TvItem } from '@playon/shared/support';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { feedback, supportSettings, tvItems } from '../../src/modules/content/schema.ts';
import { createContentService, FEEDBACK_PER_DAY } from '../../src/modules/content/service.ts';
import { createTestApp, type TestApp } from '../support/app.ts';
import { bearer, signUpPlayer, type TestPlayer } from '../support/players.ts';

let t: TestApp;
let amina: TestPlayer;
let brian: TestPlayer;
beforeAll(async () => {
  t = await createTestApp();
  amina = await signUpPlayer(t.app);
  brian = await signUpPlayer(t.app);
});
afterAll(() => t.close());

// A fresh address per request, so the per-address limit (kept in a shared Redis) counts only where meant.
const randomAddress = () => `10.${[1, 2, 3].map(() => Math.floor(Math.random() * 250) + 1).join('.')}`;
const get = (url: string, player?: TestPlayer) =>
  t.app.inject({
    method: 'GET',
    url,
    remoteAddress: randomAddress(),
    headers: player ? bearer(player.token) : {},
  });
const sendFeedback = (player: TestPlayer | undefined, payload?: object, remoteAddress = randomAddress()) =>
  t.app.inject({
    method: 'POST',
    url: '/api/contact-us/feedback',
    remoteAddress,
    headers: player ? bearer(player.token) : {},
    ...(payload ? { payload } : {}),
  });
const complete = { email: 'amina@example.com', subject: 'Snake freezes', message: 'It stops at 40 points.' };
const feedbackOf = (player: TestPlayer) =>
  t.database.db.select().from(feedback).where(eq(feedback.uid, player.uid));

describe('the support contacts', () => {
  it("lists the footer's email, phone and social links in a fixed order", async () => {
    const response = await get('/api/contact-us/list', amina);
    expect(response.statusCode).toBe(200);
    expect((response.json().payload as SupportSetting[]).map(({ name, value }) => [name, value])).toEqual([
      ['Email', 'support@playon.co.ke'],
      ['Phone', '+254 700 123 456'],
      ['Instagram', 'https://instagram.com/playon.ke'],
      ['Twitter', 'https://x.com/playon_ke'],
      ['Facebook', 'https://facebook.com/playon.ke'],
      ['Whatsapp', 'https://wa.me/254700123456'],
    ]);
  });

  it("keeps an operator's values across restarts and leaves out a setting the operator emptied", async () => {
    const { db } = t.database;
    await db
      .update(supportSettings)
      .set({ value: 'help@example.co.ke' })
      .where(eq(supportSettings.name, 'Email'));
    await db.update(supportSettings).set({ value: ' ' }).where(eq(supportSettings.name, 'Whatsapp'));
    await createContentService({ db, demoContent: false, log: t.app.log }).seed();
    const settings = (await get('/api/contact-us/list', amina)).json().payload as SupportSetting[];
    expect(settings.find((setting) => setting.name === 'Email')?.value).toBe('help@example.co.ke');
    expect(settings.map((setting) => setting.name)).toEqual([
      'Email',
      'Phone',
      'Instagram',
      'Twitter',
      'Facebook',
    ]);
  });
});

describe('the TV list', () => {
  it('is empty without demo content, then shows the primary video first and the rest newest first', async () => {
    expect((await get('/api/playon-tv/list', amina)).json().payload).toEqual([]);
    await t.database.db.insert(tvItems).values([
      { channelUrl: 'https://youtu.be/aaaaaaaaaaa', createdAt: new Date('2026-01-01T08:00:00Z') },
      { channelUrl: 'https://youtu.be/bbbbbbbbbbb', createdAt: new Date('2026-03-01T08:00:00Z') },
      {
        channelUrl: 'https://youtu.be/ppppppppppp',
        primary: true,
        createdAt: new Date('2025-12-01T08:00:00Z'),
      },
    ]);
    const response = await get('/api/playon-tv/list', amina);
    expect(response.statusCode).toBe(200);
    const items = response.json().payload as TvItem[];
    expect(items.map((item) => [item.channelUrl, item.primary, item.createdAt])).toEqual([
      ['https://youtu.be/ppppppppppp', true, '2025-12-01T08:00:00.000Z'],
      ['https://youtu.be/bbbbbbbbbbb', false, '2026-03-01T08:00:00.000Z'],
      ['https://youtu.be/aaaaaaaaaaa', false, '2026-01-01T08:00:00.000Z'],
    ]);
    expect(items.every((item) => Number.isInteger(item.id))).toBe(true);
  });
});

describe("'Drop us a line'", () => {
  it("checks the form in the product's order: email, its format, subject, message", async () => {
    const cases: Array<[object | undefined, string]> = [
      [undefined, feedbackMessages.emailRequired],
      [{}, feedbackMessages.emailRequired],
      [{ email: '   ', subject: '', message: '' }, feedbackMessages.emailRequired],
      [{ email: 'amina@example', subject: '', message: '' }, feedbackMessages.emailInvalid],
      [{ email: 'amina@example.com', subject: ' ', message: '' }, feedbackMessages.subjectRequired],
      [{ email: 'amina@example.com', subject: 'Hello' }, feedbackMessages.messageRequired],
    ];
    for (const [payload, message] of cases) {
      const response = await sendFeedback(amina, payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json().statusMessage).toBe(message);
    }
    expect(await feedbackOf(amina)).toEqual([]);
  });

  it('stores the feedback under the sender, thanks them and logs a line for the operator', async () => {
    const info = vi.spyOn(t.app.log, 'info');
    const response = await sendFeedback(brian, { ...complete, email: ' brian@example.com ' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      statusCode: 200,
      statusMessage: feedbackMessages.thanks,
      payload: null,
    });
    expect(
      (await feedbackOf(brian)).map(({ uid, email, subject, message }) => ({ uid, email, subject, message })),
    ).toEqual([
      {
        uid: brian.uid,
        email: 'brian@example.com',
        subject: 'Snake freezes',
        message: 'It stops at 40 points.',
      },
    ]);
    const [stored] = await feedbackOf(brian);
    // Who and which row, never the text: feedback can hold personal details.
    expect(info).toHaveBeenCalledWith({ feedbackId: stored?.id, uid: brian.uid }, 'feedback received');
    info.mockRestore();
  });

  it(`accepts ${FEEDBACK_PER_DAY} messages a day from a player, then asks them to wait until tomorrow`, async () => {
    const carol = await signUpPlayer(t.app);
    const dayAgo = new Date(Date.now() - 25 * 60 * 60_000);
    await t.database.db.insert(feedback).values(
      Array.from({ length: FEEDBACK_PER_DAY }, (_, n) => ({
        uid: carol.uid,
        ...complete,
        // Half of them yesterday: only the last 24 hours count.
        createdAt: n % 2 === 0 ? dayAgo : new Date(),
      })),
    );
    for (let n = 0; n < FEEDBACK_PER_DAY / 2; n++)
      expect((await sendFeedback(carol, complete)).statusCode).toBe(200);
    const refused = await sendFeedback(carol, complete);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().statusMessage).toBe(feedbackMessages.tooMany);
    expect(await feedbackOf(carol)).toHaveLength(FEEDBACK_PER_DAY + FEEDBACK_PER_DAY / 2);
    expect((await sendFeedback(brian, complete)).statusCode).toBe(200);
  });

  it('blocks a player who floods the form from any address, before the form is checked', async () => {
    const flooder = await signUpPlayer(t.app);
    const statuses: number[] = [];
    for (let n = 0; n < 21; n++) statuses.push((await sendFeedback(flooder, {}, randomAddress())).statusCode);
    expect(statuses.slice(0, 20).every((status) => status === 400)).toBe(true);
    const blocked = await sendFeedback(flooder, complete, randomAddress());
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().statusMessage).toBe(messages.rateLimited);
    expect(await feedbackOf(flooder)).toEqual([]);
  });
});

describe('without an access token', () => {
  it('refuses the TV list, the contacts and feedback', async () => {
    for (const response of [
      await get('/api/playon-tv/list'),
      await get('/api/contact-us/list'),
      await sendFeedback(undefined, complete),
      await sendFeedback(undefined, {}),
    ]) {
      expect(response.statusCode).toBe(401);
      expect(response.json().statusMessage).toBe(messages.notLoggedIn);
    }
  });
});

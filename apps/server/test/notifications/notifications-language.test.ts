import { randomUUID } from 'node:crypto';
import { notificationText } from '@playon/shared/i18n/notifications-sw';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inLanguage } from '../../src/modules/notifications/delivery.ts';
import { PUSH_JOB } from '../../src/modules/notifications/service.ts';
import type { TestApp } from '../support/app.ts';
import { clockedTopUp, createClockedTestApp } from '../support/clocked-top-up.ts';
import { runJobsNow } from '../support/jobs.ts';
import { signUpPlayer, type TestPlayer } from '../support/players.ts';
import { pushReceiverSettings, startPushService, subscribeToPush } from '../support/push-receiver.ts';
import { chooseLanguage, notificationsOf, pushesTo } from '../support/reader-language.ts';
import { createSandboxClock } from '../support/sandbox-clock.ts';

// Notifications are stored in English and said in the reader's language (ADR 0032): pushes in the
// recipient's profile language, the in-app list in the language it is read in, old ones included.
// The sandbox runs on a clock the test moves, so a top-up's callback never outruns its own answer.
const clock = createSandboxClock();
let t: TestApp;
let pushService: Awaited<ReturnType<typeof startPushService>>;
beforeAll(async () => {
  pushService = await startPushService();
  t = await createClockedTestApp(clock, pushReceiverSettings(pushService));
});
afterAll(async () => {
  await pushService.close();
  await t.close();
});

const toppedUp = (player: TestPlayer, amount: number) => clockedTopUp(t.app, clock, player, amount);

describe('notifications in the reader’s language', () => {
  it('pushes a payment’s notice in Kiswahili to a player who chose it, and in English otherwise', async () => {
    const wanjiru = await signUpPlayer(t.app);
    const brian = await signUpPlayer(t.app);
    await chooseLanguage(t.app, wanjiru, 'sw');
    const wanjirusPhone = await subscribeToPush(t.app, wanjiru, pushService);
    const briansPhone = await subscribeToPush(t.app, brian, pushService);
    await toppedUp(wanjiru, 100);
    await toppedUp(brian, 50);
    await runJobsNow(t.database.db, t.app.jobs, PUSH_JOB);
    expect(pushesTo(pushService, wanjirusPhone)).toEqual([
      expect.objectContaining({ title: 'Pesa zimewekwa', body: 'kes 100.00 ziko kwenye pochi yako.' }),
    ]);
    expect(pushesTo(pushService, briansPhone)).toEqual([
      expect.objectContaining({ title: 'Top up received', body: 'kes 50.00 is in your wallet.' }),
    ]);
  });

  it('lists old notices in the language the list is read in', async () => {
    const amina = await signUpPlayer(t.app);
    await toppedUp(amina, 200);
    const english = await notificationsOf(t.app, amina);
    expect(english[0]).toMatchObject({ title: 'Top up received', body: 'kes 200.00 is in your wallet.' });
    const kiswahili = await notificationsOf(t.app, amina, 'sw-KE,sw;q=0.9,en;q=0.5');
    expect(kiswahili[0]).toMatchObject({
      id: english[0]?.id,
      title: 'Pesa zimewekwa',
      body: 'kes 200.00 ziko kwenye pochi yako.',
    });
  });
});

describe('what is said in Kiswahili', () => {
  const row = (kind: string, title: string, body: string) => ({
    id: randomUUID(),
    uid: 'u1',
    kind,
    title,
    body,
    titleSw: null,
    bodySw: null,
    url: null,
    dedupeKey: null,
    createdAt: new Date(),
    seq: 1,
  });

  it('says an operator’s broadcast as the operator wrote it: their Kiswahili, else their English', () => {
    const broadcast = row('broadcast', 'Weekend Cup has started', 'kes 50.00 is in your wallet.');
    expect(inLanguage(broadcast, 'sw')).toMatchObject({ title: broadcast.title, body: broadcast.body });
    const both = { ...broadcast, titleSw: 'Weekend Cup yameanza leo' };
    expect(inLanguage(both, 'sw')).toMatchObject({ title: 'Weekend Cup yameanza leo', body: broadcast.body });
    expect(inLanguage(both, 'en')).toBe(both);
  });

  it.each([
    ['Boost sent', 'Umemwongezea rafiki pesa'],
    [
      "You boosted amina_w's wallet with kes 1,250.00.",
      'Umemwongezea amina_w kes 1,250.00 kwenye pochi yake.',
    ],
    [
      "You boosted your friend's wallet with kes 20.00.",
      'Umemwongezea rafiki yako kes 20.00 kwenye pochi yake.',
    ],
    ['You were boosted!', 'Umeongezewa pesa!'],
    ['brian_k boosted your wallet with kes 20.00.', 'brian_k amekuongezea kes 20.00 kwenye pochi yako.'],
    ['A friend boosted your wallet with kes 20.00.', 'Rafiki amekuongezea kes 20.00 kwenye pochi yako.'],
    [
      'Your Gold package is active for 24 hours. You paid kes 100.00.',
      'Kifurushi chako cha Gold kinatumika kwa saa 24. Umelipa kes 100.00.',
    ],
    [
      'Your package is active for 24 hours. You paid kes 100.00.',
      'Kifurushi chako kinatumika kwa saa 24. Umelipa kes 100.00.',
    ],
    ['kes 30.00 was refunded to your M-Pesa.', 'Umerudishiwa kes 30.00 kwenye M-Pesa yako.'],
    ['kes 30.00 was refunded to your wallet.', 'Umerudishiwa kes 30.00 kwenye pochi yako.'],
    ['kes 30.00 was sent to your M-Pesa.', 'kes 30.00 zimetumwa kwenye M-Pesa yako.'],
    [
      'We could not send your refund of kes 30.00 to M-Pesa. Our team will be in touch.',
      'Hatukuweza kukurudishia kes 30.00 kwenye M-Pesa. Timu yetu itawasiliana nawe.',
    ],
    [
      'The payment could not be completed. Please try again. Your money is back in your wallet.',
      'Malipo hayakuweza kukamilika. Tafadhali jaribu tena. Pesa zako zimerudi kwenye pochi yako.',
    ],
    ['Payment not completed', 'Malipo hayakukamilika'],
    ['You won Gold!', 'Umeshinda Gold!'],
    ['Your prize: a day of Silver, active now.', 'Zawadi yako: siku moja ya Silver, inatumika sasa.'],
    ['Weekend Cup has ended', 'Weekend Cup yamekwisha'],
    ['You finished #1,204 of 5,310.', 'Umemaliza nafasi ya 1,204 kati ya 5,310.'],
    ['Weekend Cup has started', 'Weekend Cup yameanza'],
    ['Play Tile Merge now and climb the leaderboard.', 'Cheza Tile Merge sasa upande kwenye msimamo.'],
    ['Weekend Cup was cancelled', 'Weekend Cup yamesitishwa'],
    [
      'No prizes will be given for it. Your scores are kept.',
      'Hakutakuwa na zawadi kwa mashindano haya. Alama zako zimehifadhiwa.',
    ],
  ])('%s', (english, kiswahili) => {
    expect(notificationText(english, 'sw')).toBe(kiswahili);
    expect(notificationText(english, 'en')).toBe(english);
  });

  it('says a text it has no Kiswahili for in English', () => {
    expect(notificationText('Something only an operator wrote', 'sw')).toBe(
      'Something only an operator wrote',
    );
  });
});

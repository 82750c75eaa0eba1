import { messages } from '@playon/shared/messages';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { referralAttempts } from '../../src/modules/referrals/schema.ts';
import { createTestApp, type TestApp } from '../support/app.ts';
import { bearer, signUpPlayer, type TestPlayer } from '../support/players.ts';

let t: TestApp;
let amina: TestPlayer;
beforeAll(async () => {
  t = await createTestApp();
  amina = await signUpPlayer(t.app);
  await t.app.inject({
    method: 'PUT',
    url: `/api/profile/${amina.uid}`,
    headers: bearer(amina.token),
    payload: { username: 'amina_w' },
  });
});
afterAll(() => t.close());

const refer = (player: TestPlayer, referralCode: unknown) =>
  t.app.inject({
    method: 'POST',
    url: '/api/referrals',
    headers: bearer(player.token),
    payload: { referralCode },
  });

describe("using a friend's referral code", () => {
  it('applies it, whatever its case, and names the friend', async () => {
    const brian = await signUpPlayer(t.app);
    const response = await refer(brian, amina.profile.referralCode.toLowerCase());
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      statusCode: 200,
      statusMessage: messages.referral.applied,
      payload: { referrerUsername: 'amina_w' },
    });
  });

  it('refuses an unknown code', async () => {
    const brian = await signUpPlayer(t.app);
    const response = await refer(brian, 'NOSUCH99');
    expect(response.statusCode).toBe(404);
    expect(response.json().statusMessage).toBe(messages.referral.unknown);
  });

  it("refuses the player's own code", async () => {
    const response = await refer(amina, amina.profile.referralCode);
    expect(response.statusCode).toBe(400);
    expect(response.json().statusMessage).toBe(messages.referral.own);
  });

  it('refuses a second referral', async () => {
    const brian = await signUpPlayer(t.app);
    const chebet = await signUpPlayer(t.app);
    expect((await refer(brian, amina.profile.referralCode)).statusCode).toBe(200);
    const second = await refer(brian, chebet.profile.referralCode);
    expect(second.statusCode).toBe(409);
    expect(second.json()).toMatchObject({
      statusMessage: messages.referral.alreadyReferred,
      payload: { code: 'CONFLICT' },
    });
  });

  it('answers BUSY while another submission for the same player is still running', async () => {
    const brian = await signUpPlayer(t.app);
    await t.database.db.insert(referralAttempts).values({ playerUid: brian.uid });
    const busy = await refer(brian, amina.profile.referralCode);
    expect(busy.statusCode).toBe(409);
    expect(busy.json()).toMatchObject({
      statusMessage: messages.operationUnderway,
      payload: { code: 'BUSY' },
    });

    await t.database.db.delete(referralAttempts).where(eq(referralAttempts.playerUid, brian.uid));
    expect((await refer(brian, amina.profile.referralCode)).statusCode).toBe(200);
  });

  it('applies exactly one of several simultaneous submissions', async () => {
    const brian = await signUpPlayer(t.app);
    const responses = await Promise.all([1, 2, 3].map(() => refer(brian, amina.profile.referralCode)));
    expect(responses.map((r) => r.statusCode).sort()).toEqual([200, 409, 409]);
    for (const response of responses.filter((r) => r.statusCode === 409)) {
      expect(['BUSY', 'CONFLICT']).toContain(response.json().payload.code);
    }
  });

  it('asks for a code when the field is empty', async () => {
    const response = await refer(amina, '  ');
    expect(response.statusCode).toBe(400);
    expect(response.json().statusMessage).toBe(messages.referral.empty);
  });

  it('needs an access token', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/referrals',
      payload: { referralCode: 'X' },
    });
    expect(response.statusCode).toBe(401);
  });
});

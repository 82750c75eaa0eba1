import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createIdentityService } from '../../src/modules/auth/identity-service.ts';
import { createRevokedSessions } from '../../src/modules/auth/revoked-sessions.ts';
import { authUser } from '../../src/modules/auth/service.ts';
import { profiles } from '../../src/modules/profile/schema.ts';
import { createTestApp, type TestApp } from '../support/app.ts';
import { multipartForm, tinyPng } from '../support/files.ts';
import { accessToken, bearer, cookieFrom, signUpPlayer, type TestPlayer } from '../support/players.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

async function uploadPicture(player: TestPlayer) {
  const { payload, contentType } = multipartForm(
    { id: player.uid, type: 'PROFILE_PICTURE' },
    { name: 'me.png', type: 'image/png', bytes: tinyPng() },
  );
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/upload',
    headers: { 'content-type': contentType, ...bearer(player.token) },
    payload,
  });
  expect(response.statusCode).toBe(200);
  return response.json().payload.url as string;
}

const served = async (url: string) => (await t.app.inject({ method: 'GET', url })).statusCode;

/** Signed up, with a session cookie and an access token, but no login check yet: no profile. */
async function signUpWithoutProfile() {
  const signUp = await t.app.inject({
    method: 'POST',
    url: '/api/auth/sign-up/email',
    payload: { email: `player-${randomUUID()}@example.com`, password: 'secret-123', name: '' },
  });
  expect(signUp.statusCode).toBe(200);
  const cookie = cookieFrom(signUp.headers['set-cookie']);
  return { uid: signUp.json().user.id as string, cookie, token: await accessToken(t.app, cookie) };
}

describe("a player aiming the picture clean-up at another player's file", () => {
  it('cannot set their identity image: update-user is not offered', async () => {
    const amina = await signUpPlayer(t.app);
    const aminaPicture = await uploadPicture(amina);
    const brian = await signUpWithoutProfile();
    const update = await t.app.inject({
      method: 'POST',
      url: '/api/auth/update-user',
      headers: { cookie: brian.cookie, origin: t.config.publicUrl },
      payload: { image: aminaPicture },
    });
    expect(update.statusCode).toBe(404);
    const login = await t.app.inject({ method: 'GET', url: '/api/auth/login', headers: bearer(brian.token) });
    expect(login.json().payload.profilePic).toBeNull();
  });

  it("never deletes it on his next upload, even with his profile pointing at Amina's picture", async () => {
    const amina = await signUpPlayer(t.app);
    const aminaPicture = await uploadPicture(amina);
    const brian = await signUpPlayer(t.app);
    // A profile written before the fix may already point at someone else's file.
    await t.database.db.update(profiles).set({ profilePic: aminaPicture }).where(eq(profiles.uid, brian.uid));

    const brianPicture = await uploadPicture(brian);
    expect(await served(aminaPicture)).toBe(200);
    expect(await served(brianPicture)).toBe(200);
  });

  it('still removes his own picture when he replaces it', async () => {
    const brian = await signUpPlayer(t.app);
    const first = await uploadPicture(brian);
    const second = await uploadPicture(brian);
    expect(await served(first)).toBe(404);
    expect(await served(second)).toBe(200);
  });
});

describe('the picture the login check copies from the identity', () => {
  it.each([
    ['javascript:alert(document.cookie)', null],
    ['/media/profile-pictures-someone/x.png', null],
    ['http://pictures.example/amina.jpg', null],
    ['https://lh3.googleusercontent.com/a/amina.jpg', 'https://lh3.googleusercontent.com/a/amina.jpg'],
  ])('takes %s as %s', async (image, profilePic) => {
    const player = await signUpWithoutProfile();
    // Only an identity row written before the fix can hold anything but an https URL now.
    await t.database.db.update(authUser).set({ image }).where(eq(authUser.id, player.uid));
    const login = await t.app.inject({
      method: 'GET',
      url: '/api/auth/login',
      headers: bearer(player.token),
    });
    expect(login.statusCode).toBe(201);
    expect(login.json().payload.profilePic).toBe(profilePic);
  });
});

describe('the identity service itself', () => {
  it('stores no image but an https one, whichever way a user row is written', async () => {
    const identity = createIdentityService(
      { config: t.config, db: t.database.db, mailer: { send: async () => {} } as never, log: t.app.log },
      createRevokedSessions(undefined, 60_000, t.app.log),
    );
    const { internalAdapter } = await identity.$context;
    const user = await internalAdapter.createUser(
      { email: `player-${randomUUID()}@example.com`, name: '', image: 'javascript:alert(1)' },
      { method: 'email-password' },
    );
    expect(user.image).toBeNull();
    const outside = await internalAdapter.updateUser(user.id, { image: '/media/chat-1/x.png' });
    expect(outside?.image).toBeNull();
    const provider = await internalAdapter.updateUser(user.id, { image: 'https://graph.facebook.com/p.jpg' });
    expect(provider?.image).toBe('https://graph.facebook.com/p.jpg');
  });
});

import { userMessages } from '@playon/shared/users';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/app.ts';
import { bearer, signUpPlayer, type TestPlayer } from '../support/players.ts';

let t: TestApp;
let amina: TestPlayer;
let brian: TestPlayer;
beforeAll(async () => {
  t = await createTestApp();
  amina = await signUpPlayer(t.app);
  brian = await signUpPlayer(t.app);
  for (const [player, username] of [
    [amina, 'Amina_W'],
    [brian, 'brian.k'],
  ] as const) {
    const response = await t.app.inject({
      method: 'PUT',
      url: `/api/profile/${player.uid}`,
      headers: bearer(player.token),
      payload: { username },
    });
    expect(response.statusCode, response.body).toBe(200);
  }
});
afterAll(() => t.close());

const lookUp = (username: string, player: TestPlayer | null = amina) =>
  t.app.inject({
    method: 'GET',
    url: `/api/users/by-username/${encodeURIComponent(username)}`,
    headers: player ? bearer(player.token) : {},
  });

describe('GET /api/users/by-username/{username}', () => {
  it("gives a friend's id and nothing else", async () => {
    const response = await lookUp('brian.k');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ statusCode: 200, statusMessage: 'OK', payload: { id: brian.uid } });
  });

  it.each(['BRIAN.K', 'Brian.K', ' brian.k '])('finds %j whatever the case', async (username) => {
    const response = await lookUp(username);
    expect(response.statusCode).toBe(200);
    expect(response.json().payload).toEqual({ id: brian.uid });
  });

  it("answers 404 'User not found' for a username nobody has", async () => {
    const response = await lookUp('nobody_here');
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({
      statusMessage: userMessages.notFound,
      payload: { code: 'NOT_FOUND' },
    });
  });

  it('does not treat the username as a pattern', async () => {
    for (const username of ['brian_k', 'brian%', '%']) {
      expect((await lookUp(username)).statusCode).toBe(404);
    }
  });

  it('refuses a lookup of your own username, in any case', async () => {
    for (const username of ['Amina_W', 'amina_w']) {
      const response = await lookUp(username);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({
        statusMessage: userMessages.cannotBoostSelf,
        payload: { code: 'BAD_REQUEST' },
      });
    }
    // The same name is a friend to someone else.
    const fromBrian = await lookUp('amina_w', brian);
    expect(fromBrian.json().payload).toEqual({ id: amina.uid });
  });

  it('asks for a username when it is blank', async () => {
    const response = await lookUp('   ');
    expect(response.statusCode).toBe(400);
    expect(response.json().statusMessage).toBe("Please enter your friend's username.");
  });

  it('needs an access token', async () => {
    const response = await lookUp('brian.k', null);
    expect(response.statusCode).toBe(401);
    expect(response.json().payload.code).toBe('UNAUTHENTICATED');
  });

  it('is in the OpenAPI document', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(Object.keys(response.json().paths)).toContain('/api/users/by-username/{username}');
  });
});

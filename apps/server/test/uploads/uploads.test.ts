import { messages } from '@playon/shared/messages';
import { PROFILE_PICTURE_MAX_BYTES, uploadMessages } from '@playon/shared/upload';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/app.ts';
import { multipartForm, tinyPng } from '../support/files.ts';
import { bearer, signUpPlayer, type TestPlayer } from '../support/players.ts';

let t: TestApp;
let amina: TestPlayer;
beforeAll(async () => {
  t = await createTestApp();
  amina = await signUpPlayer(t.app);
});
afterAll(() => t.close());

function upload(
  player: TestPlayer | undefined,
  fields: Record<string, string>,
  file?: { name: string; type: string; bytes: Buffer },
) {
  const { payload, contentType } = multipartForm(fields, file);
  return t.app.inject({
    method: 'POST',
    url: '/api/upload',
    headers: { 'content-type': contentType, ...(player ? bearer(player.token) : {}) },
    payload,
  });
}

describe('uploading a profile picture', () => {
  it('accepts a PNG named .txt (judged by content), serves it and points the profile at it', async () => {
    const response = await upload(
      amina,
      { id: amina.uid, type: 'PROFILE_PICTURE' },
      { name: 'holiday.txt', type: 'text/plain', bytes: tinyPng() },
    );
    expect(response.statusCode).toBe(200);
    expect(response.json().statusMessage).toBe(messages.uploadSuccessful);
    const url = response.json().payload.url as string;
    expect(url).toMatch(new RegExp(`^/media/profile-pictures-${amina.uid}/[\\w-]+\\.png$`));

    const served = await t.app.inject({ method: 'GET', url });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    expect(served.rawPayload.equals(tinyPng())).toBe(true);

    const login = await t.app.inject({ method: 'GET', url: '/api/auth/login', headers: bearer(amina.token) });
    expect(login.json().payload.profilePic).toBe(url);
  });

  it('removes the picture a new one replaces', async () => {
    const player = await signUpPlayer(t.app);
    const send = async () => {
      const response = await upload(
        player,
        { id: player.uid, type: 'PROFILE_PICTURE' },
        { name: 'me.png', type: 'image/png', bytes: tinyPng() },
      );
      return response.json().payload.url as string;
    };
    const first = await send();
    const second = await send();
    expect(second).not.toBe(first);
    expect((await t.app.inject({ method: 'GET', url: first })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: second })).statusCode).toBe(200);
  });

  it('defaults the type to PROFILE_PICTURE', async () => {
    const response = await upload(
      amina,
      { id: amina.uid },
      { name: 'me.png', type: 'image/png', bytes: tinyPng() },
    );
    expect(response.statusCode).toBe(200);
  });

  it('refuses a text file named .png', async () => {
    const response = await upload(
      amina,
      { id: amina.uid, type: 'PROFILE_PICTURE' },
      { name: 'me.png', type: 'image/png', bytes: Buffer.from('just some text, honestly') },
    );
    expect(response.statusCode).toBe(415);
    expect(response.json()).toMatchObject({
      statusMessage: uploadMessages.notAnImage,
      payload: { code: 'UNSUPPORTED_MEDIA' },
    });
  });

  it('refuses a picture over the size limit', async () => {
    const big = Buffer.concat([tinyPng(), Buffer.alloc(PROFILE_PICTURE_MAX_BYTES)]);
    const response = await upload(
      amina,
      { id: amina.uid },
      { name: 'big.png', type: 'image/png', bytes: big },
    );
    expect(response.statusCode).toBe(413);
    expect(response.json()).toMatchObject({
      statusMessage: uploadMessages.tooLarge(PROFILE_PICTURE_MAX_BYTES),
      payload: { code: 'PAYLOAD_TOO_LARGE' },
    });
  });

  it("refuses to change another player's picture", async () => {
    const brian = await signUpPlayer(t.app);
    const response = await upload(
      brian,
      { id: amina.uid },
      { name: 'x.png', type: 'image/png', bytes: tinyPng() },
    );
    expect(response.statusCode).toBe(403);
    expect(response.json().payload.code).toBe('FORBIDDEN');
  });

  it('needs an access token', async () => {
    const response = await upload(
      undefined,
      { id: amina.uid },
      { name: 'x.png', type: 'image/png', bytes: tinyPng() },
    );
    expect(response.statusCode).toBe(401);
  });

  it('asks for a file when there is none, and refuses an unknown type', async () => {
    const noFile = await upload(amina, { id: amina.uid });
    expect(noFile.statusCode).toBe(400);
    expect(noFile.json().statusMessage).toBe(uploadMessages.noFile);
    const unknownType = await upload(
      amina,
      { id: amina.uid, type: 'AVATAR' },
      { name: 'x.png', type: 'image/png', bytes: tinyPng() },
    );
    expect(unknownType.statusCode).toBe(400);
    expect(unknownType.json().statusMessage).toBe('Unknown upload type.');
  });

  it('asks for a file when the request is not a form upload', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/upload',
      headers: bearer(amina.token),
      payload: { id: amina.uid },
    });
    expect(response.statusCode).toBe(400);
  });
});

describe('a form with two files', () => {
  it('is refused: one picture at a time', async () => {
    const boundary = '----playontwofiles';
    const file = (n: number) =>
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${n}.png"\r\nContent-Type: image/png\r\n\r\n`;
    const payload = Buffer.concat([
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="id"\r\n\r\n${amina.uid}\r\n`),
      Buffer.from(file(1)),
      tinyPng(),
      Buffer.from('\r\n'),
      Buffer.from(file(2)),
      tinyPng(),
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/upload',
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, ...bearer(amina.token) },
      payload,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().statusMessage).toBe('Please upload one file at a time.');
  });
});

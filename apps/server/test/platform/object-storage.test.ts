import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ListObjectsV2Command } from '@aws-sdk/client-s3';
import S3rver from 's3rver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { s3Client } from '../../src/platform/storage-s3.ts';
import { createTestApp, type TestApp } from '../support/app.ts';
import { type ChatClient, chatClient } from '../support/chat.ts';
import { createRoom } from '../support/chat-messages.ts';
import { multipartForm, tinyPng } from '../support/files.ts';
import { bearer, signUpPlayer, type TestPlayer } from '../support/players.ts';

// With S3_* set, uploads go to an S3-compatible bucket (here s3rver, started by the test on
// a free port) and are still read at PlayOn's own /media/ URLs (ADR 0030).
const BUCKET = 'playon-uploads';
let s3dir: string;
let s3: S3rver;
let t: TestApp;
let chat: ChatClient;
let amina: TestPlayer;
let bucket: ReturnType<typeof s3Client>;

beforeAll(async () => {
  s3dir = mkdtempSync(join(tmpdir(), 'playon-s3-'));
  s3 = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory: s3dir,
    configureBuckets: [{ name: BUCKET }],
  });
  const { port } = await s3.run();
  t = await createTestApp({
    S3_BUCKET: BUCKET,
    S3_ENDPOINT: `http://127.0.0.1:${port}`,
    S3_ACCESS_KEY_ID: 'S3RVER',
    S3_SECRET_ACCESS_KEY: 'S3RVER',
    S3_PREFIX: 'playon/',
  });
  if (t.config.storage.kind !== 's3') throw new Error('S3_* did not select object storage');
  bucket = s3Client(t.config.storage);
  chat = chatClient(t.app);
  amina = await signUpPlayer(t.app);
}, 60_000);
afterAll(async () => {
  bucket?.destroy();
  await t?.close();
  await s3?.close();
  rmSync(s3dir, { recursive: true, force: true });
});

const keysIn = async (prefix: string) =>
  ((await bucket.send(new ListObjectsV2Command({ Bucket: BUCKET, Prefix: prefix }))).Contents ?? []).map(
    (object) => object.Key,
  );

async function uploadPicture(player: TestPlayer, bytes = tinyPng()) {
  const { payload, contentType } = multipartForm(
    { id: player.uid, type: 'PROFILE_PICTURE' },
    { name: 'me.png', type: 'image/png', bytes },
  );
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/upload',
    headers: { 'content-type': contentType, ...bearer(player.token) },
    payload,
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().payload.url as string;
}

describe('uploads in an S3-compatible bucket', () => {
  it('keeps a profile picture in the bucket, not on disk, and serves it at its /media/ URL', async () => {
    const url = await uploadPicture(amina);
    expect(url).toMatch(new RegExp(`^/media/profile-pictures-${amina.uid}/[\\w-]+\\.png$`));
    expect(await keysIn(`playon/profile-pictures-${amina.uid}/`)).toEqual([
      `playon/${url.slice('/media/'.length)}`,
    ]);
    const onDisk = join(t.config.dataDir, 'uploads');
    expect(existsSync(onDisk) ? readdirSync(onDisk) : []).toEqual([]);

    const served = await t.app.inject({ method: 'GET', url });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    expect(served.rawPayload.equals(tinyPng())).toBe(true);

    // A browser's revalidation and a video player's byte ranges work as they do from local disk.
    const etag = served.headers.etag as string;
    expect(etag).toBeTruthy();
    const again = await t.app.inject({ method: 'GET', url, headers: { 'if-none-match': etag } });
    expect(again.statusCode).toBe(304);
    const part = await t.app.inject({ method: 'GET', url, headers: { range: 'bytes=0-7' } });
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-range']).toBe(`bytes 0-7/${tinyPng().length}`);
    expect(part.rawPayload.equals(tinyPng().subarray(0, 8))).toBe(true);
    const garbled = await t.app.inject({ method: 'GET', url, headers: { 'if-modified-since': 'yesterday' } });
    expect(garbled.statusCode).toBe(200);
    const head = await t.app.inject({ method: 'HEAD', url });
    expect(head.statusCode).toBe(200);
    expect(head.headers['content-length']).toBe(String(tinyPng().length));
    expect(head.body).toBe('');
  });

  it('deletes the picture a new one replaces from the bucket; its URL then answers 404', async () => {
    const player = await signUpPlayer(t.app);
    const first = await uploadPicture(player);
    const second = await uploadPicture(player);
    expect(await keysIn(`playon/profile-pictures-${player.uid}/`)).toEqual([
      `playon/${second.slice('/media/'.length)}`,
    ]);
    const gone = await t.app.inject({ method: 'GET', url: first });
    expect(gone.statusCode).toBe(404);
    expect(gone.json().payload.code).toBe('NOT_FOUND');
  });

  it('sends a chat document as a download, and no URL reaches another key of the bucket', async () => {
    const room = await createRoom(t.database.db);
    await chat.join(amina, room.chatRoomUid);
    const notes = Buffer.from('Karibu! Rules of the cup:\n1. Play fair\n');
    const upload = await chat.upload(amina, room.id, { name: 'rules.txt', type: 'text/plain', bytes: notes });
    expect(upload.statusCode, upload.body).toBe(200);
    const url = upload.json().payload.url as string;
    const served = await t.app.inject({ method: 'GET', url });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toMatch(/^text\/plain/);
    expect(served.headers['content-disposition']).toBe('attachment');
    expect(served.rawPayload.equals(notes)).toBe(true);

    for (const path of [
      '/media/../playon/x.png',
      '/media/%2e%2e/secret.txt',
      '/media/a/b/c.png',
      '/media/',
    ]) {
      expect((await t.app.inject({ method: 'GET', url: path })).statusCode, path).toBe(404);
    }
  });
});

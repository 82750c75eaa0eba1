import { youtubeVideoId } from '@playon/shared/games';
import type { TvItem } from '@playon/shared/support';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tvItems } from '../../src/modules/content/schema.ts';
import { createContentService } from '../../src/modules/content/service.ts';
import { createTestApp, type TestApp } from '../support/app.ts';
import { bearer, signUpPlayer, type TestPlayer } from '../support/players.ts';

let t: TestApp;
let amina: TestPlayer;
beforeAll(async () => {
  t = await createTestApp({ DEMO_CONTENT: 'true' });
  amina = await signUpPlayer(t.app);
});
afterAll(() => t.close());

async function tvList() {
  const response = await t.app.inject({
    method: 'GET',
    url: '/api/playon-tv/list',
    headers: bearer(amina.token),
  });
  expect(response.statusCode).toBe(200);
  return response.json().payload as TvItem[];
}

describe('the demo TV (DEMO_CONTENT=true)', () => {
  it('starts with Big Buck Bunny as the primary video and two more, each a playable YouTube id', async () => {
    const items = await tvList();
    expect(items[0]).toMatchObject({
      channelUrl: 'https://www.youtube.com/watch?v=aqz-KE-bpKQ',
      primary: true,
    });
    expect(items.map((item) => youtubeVideoId(item.channelUrl)).sort()).toEqual(
      ['aqz-KE-bpKQ', 'eRsGyueVLvQ', 'M7lc1UVf-VE'].sort(),
    );
    expect(items.filter((item) => item.primary)).toHaveLength(1);
  });

  it("gives each demo video a real title and YouTube's own thumbnail of it", async () => {
    const items = await tvList();
    expect(items.map((item) => item.title)).toEqual([
      'Big Buck Bunny',
      'YouTube Developers Live: Embedded Web Player Customization',
      'Sintel',
    ]);
    for (const item of items) {
      expect(item.title).toBeTruthy();
      expect(item.thumbnailUrl).toBe(
        `https://i.ytimg.com/vi/${youtubeVideoId(item.channelUrl)}/hqdefault.jpg`,
      );
    }
  });

  it("gives a video seeded before titles existed its title and picture, keeping an operator's", async () => {
    await t.database.db
      .update(tvItems)
      .set({ title: null, thumbnailUrl: null })
      .where(eq(tvItems.seedKey, 'big-buck-bunny'));
    await t.database.db
      .update(tvItems)
      .set({ title: 'Sintel, the film' })
      .where(eq(tvItems.seedKey, 'sintel'));
    await createContentService({ db: t.database.db, demoContent: true, log: t.app.log }).seed();
    const items = await tvList();
    expect(items.find((item) => item.channelUrl.endsWith('aqz-KE-bpKQ'))).toMatchObject({
      title: 'Big Buck Bunny',
      thumbnailUrl: 'https://i.ytimg.com/vi/aqz-KE-bpKQ/hqdefault.jpg',
    });
    expect(items.find((item) => item.channelUrl.endsWith('eRsGyueVLvQ'))?.title).toBe('Sintel, the film');
  });

  it('adds nothing on the next start', async () => {
    const before = await tvList();
    await createContentService({ db: t.database.db, demoContent: true, log: t.app.log }).seed();
    expect(await tvList()).toEqual(before);
  });
});

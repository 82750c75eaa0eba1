import type { ChatRoom } from '@playon/shared/chat';
import type { EventBanner } from '@playon/shared/events';
import type { Game } from '@playon/shared/games';
import type { SubscriptionPackage } from '@playon/shared/subscriptions';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createContentRepo } from '../../src/modules/content/repo.ts';
import { eventBanners } from '../../src/modules/content/schema.ts';
import { eventSeeds } from '../../src/modules/content/seeds.ts';
import { packageSeeds } from '../../src/modules/subscriptions/packages.ts';
import { createSubscriptionRepo } from '../../src/modules/subscriptions/repo.ts';
import { subscriptionPackages } from '../../src/modules/subscriptions/schema.ts';
import { createTestApp, type TestApp } from '../support/app.ts';
import { bearer, signUpPlayer, type TestPlayer } from '../support/players.ts';

// Demo content in Kiswahili: stored beside the English, answered per Accept-Language.
let t: TestApp;
let amina: TestPlayer;
beforeAll(async () => {
  t = await createTestApp();
  amina = await signUpPlayer(t.app);
});
afterAll(() => t.close());

const get = async <T>(url: string, acceptLanguage?: string) => {
  const response = await t.app.inject({
    method: 'GET',
    url,
    headers: { ...bearer(amina.token), ...(acceptLanguage ? { 'accept-language': acceptLanguage } : {}) },
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().payload as T;
};

describe('event banners in Kiswahili', () => {
  it('are the seeded Kiswahili when asked in Kiswahili, English otherwise', async () => {
    const english = await get<EventBanner[]>('/api/events');
    const kiswahili = await get<EventBanner[]>('/api/events', 'sw-KE');
    const boost = eventSeeds.find((seed) => seed.seedKey === 'boost-a-friend');
    expect(english.find((banner) => banner.title === 'Boost a friend')?.description).toBe(boost?.description);
    const boostSw = kiswahili.find((banner) => banner.title === 'Mwongezee rafiki pesa');
    expect(boostSw?.description).toBe(boost?.descriptionSw);
    expect(kiswahili.map((banner) => banner.id)).toEqual(english.map((banner) => banner.id));
  });

  it('have pictures without words, so the title the dashboard draws over one is the only text, in either language', async () => {
    const english = await get<EventBanner[]>('/api/events');
    const kiswahili = await get<EventBanner[]>('/api/events', 'sw');
    for (const seed of eventSeeds) {
      const id = english.find((banner) => banner.title === seed.title)?.id;
      expect(kiswahili.find((banner) => banner.id === id)?.eventBannerUrl, seed.seedKey).toBe(
        seed.eventBannerUrl,
      );
      const picture = await t.app.inject({ method: 'GET', url: seed.eventBannerUrl });
      expect(picture.statusCode, seed.seedKey).toBe(200);
      const drawn = [...picture.body.matchAll(/<text[^>]*>([^<]*)<\/text>/g)].map((match) => match[1]);
      // A tile's number is not a word in any language.
      expect(
        drawn.filter((text) => !/^\d*$/.test(text ?? '')),
        seed.seedKey,
      ).toEqual([]);
    }
  });

  it('falls back to the English of a banner with no Kiswahili', async () => {
    const [row] = await t.database.db
      .insert(eventBanners)
      .values({ title: 'Only English', description: 'Written in English only.', eventBannerUrl: '/x.svg' })
      .returning();
    const kiswahili = await get<EventBanner[]>('/api/events', 'sw');
    expect(kiswahili.find((banner) => banner.id === row?.id)).toMatchObject({
      title: 'Only English',
      description: 'Written in English only.',
    });
  });

  it('fills in the Kiswahili of a banner seeded before it had any, and keeps an operator’s', async () => {
    const db = t.database.db;
    await db
      .update(eventBanners)
      .set({ titleSw: null, descriptionSw: null })
      .where(eq(eventBanners.seedKey, 'boost-a-friend'));
    await db
      .update(eventBanners)
      .set({ titleSw: 'Jina la msimamizi' })
      .where(eq(eventBanners.seedKey, 'matatu-rush-cup'));
    await createContentRepo(db).insertEvents(eventSeeds);
    const rows = await db.select().from(eventBanners);
    expect(rows.find((row) => row.seedKey === 'boost-a-friend')?.titleSw).toBe('Mwongezee rafiki pesa');
    expect(rows.find((row) => row.seedKey === 'matatu-rush-cup')?.titleSw).toBe('Jina la msimamizi');
  });
});

describe('packages in Kiswahili', () => {
  it('keep their names and describe themselves in the language asked', async () => {
    const english = await get<SubscriptionPackage[]>('/api/subscription-packages/list');
    const kiswahili = await get<SubscriptionPackage[]>('/api/subscription-packages/list', 'sw');
    expect(kiswahili.map((pkg) => pkg.name)).toEqual(english.map((pkg) => pkg.name));
    for (const seed of packageSeeds) {
      expect(english.find((pkg) => pkg.name === seed.name)?.description).toBe(seed.description);
      expect(kiswahili.find((pkg) => pkg.name === seed.name)?.description).toBe(seed.descriptionSw);
    }
  });

  it('fill in a Kiswahili description missing from a package seeded before', async () => {
    await t.database.db
      .update(subscriptionPackages)
      .set({ descriptionSw: null })
      .where(eq(subscriptionPackages.name, 'Gold'));
    await createSubscriptionRepo(t.database.db).insertPackages(packageSeeds);
    const kiswahili = await get<SubscriptionPackage[]>('/api/subscription-packages/list', 'sw');
    expect(kiswahili.find((pkg) => pkg.name === 'Gold')?.description).toBe(
      packageSeeds.find((seed) => seed.name === 'Gold')?.descriptionSw,
    );
  });
});

describe('games in Kiswahili', () => {
  it('describe themselves in Kiswahili (from their game.json) in the list and alone, names unchanged', async () => {
    const english = await get<Game[]>('/api/games/list');
    const kiswahili = await get<Game[]>('/api/games/list', 'sw');
    const snake = english.find((game) => game.name === 'Savanna Snake');
    const snakeSw = kiswahili.find((game) => game.name === 'Savanna Snake');
    expect(snake?.description).toMatch(/^Guide your snake across the savanna/);
    expect(snakeSw?.description).toMatch(/^Ongoza nyoka wako kuvuka savanna/);
    expect(kiswahili.map((game) => game.name)).toEqual(english.map((game) => game.name));
    for (const game of kiswahili) {
      expect(game.description, game.name).not.toBe(english.find((one) => one.id === game.id)?.description);
    }
    const alone = await get<Game>(`/api/games/get/${snake?.id}`, 'sw-KE');
    expect(alone.description).toBe(snakeSw?.description);
    expect((await get<Game>(`/api/games/get/${snake?.id}`)).description).toBe(snake?.description);
  });
});

describe('chat rooms in Kiswahili', () => {
  it('say "you joined" and "you left" with the name a Kiswahili reader knows the room by', async () => {
    const call = async (action: 'join' | 'leave', acceptLanguage?: string) => {
      const response = await t.app.inject({
        method: 'GET',
        url: `/api/profile/chatroom-${action}/general`,
        headers: { ...bearer(amina.token), ...(acceptLanguage ? { 'accept-language': acceptLanguage } : {}) },
      });
      expect(response.statusCode, response.body).toBe(200);
      return response.json().statusMessage as string;
    };
    expect(await call('join', 'sw')).toBe('Umejiunga na Jumla.');
    expect(await call('leave', 'sw-KE')).toBe('Umetoka Jumla.');
    expect(await call('join')).toBe('You joined General.');
    expect(await call('leave', 'en')).toBe('You left General.');
  });

  it('are named in Kiswahili where the name is a word, a game’s name where it is one', async () => {
    const english = await get<ChatRoom[]>('/api/chat-rooms/list');
    const kiswahili = await get<ChatRoom[]>('/api/chat-rooms/list', 'sw');
    const nameOf = (rooms: ChatRoom[], uid: string) => rooms.find((room) => room.chatRoomUid === uid)?.name;
    expect(['general', 'tournaments', 'support', 'matatu-rush'].map((uid) => nameOf(english, uid))).toEqual([
      'General',
      'Tournaments',
      'Support',
      'Matatu Rush',
    ]);
    expect(['general', 'tournaments', 'support', 'matatu-rush'].map((uid) => nameOf(kiswahili, uid))).toEqual(
      ['Jumla', 'Mashindano', 'Msaada', 'Matatu Rush'],
    );
  });
});

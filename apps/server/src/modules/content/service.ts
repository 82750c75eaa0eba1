import type { EventBanner } from '@playon/shared/events';
import type { Db } from '../../platform/db.ts';
import { createContentRepo, type EventBannerSeed } from './repo.ts';

export const CONTENT_PREFIX = '/content';

/** The banners a new installation starts with; the images live in ./banners. */
const eventSeeds: EventBannerSeed[] = [
  {
    seedKey: 'matatu-rush-cup',
    title: 'Matatu Rush Cup',
    description:
      'Dodge the Nairobi traffic for as long as you can. The three longest runs of the week win a Platinum, Gold and Silver day pass.',
    eventBannerUrl: `${CONTENT_PREFIX}/banners/matatu-rush-cup.svg`,
  },
  {
    seedKey: 'free-games-friday',
    title: 'Free games, every day',
    description:
      'Savanna Snake and Matatu Rush are free for every player. Subscribers also unlock Tile Merge and every tournament prize.',
    eventBannerUrl: `${CONTENT_PREFIX}/banners/free-games.svg`,
  },
  {
    seedKey: 'boost-a-friend',
    title: 'Boost a friend',
    description:
      "Send shillings from your wallet or M-Pesa straight into a friend's PlayOn wallet. Open the menu and tap Boost a friend.",
    eventBannerUrl: `${CONTENT_PREFIX}/banners/boost-a-friend.svg`,
  },
];

export function createContentService({ db }: { db: Db }) {
  const repo = createContentRepo(db);
  return {
    async listEvents(): Promise<EventBanner[]> {
      return (await repo.listEvents()).map((row) => ({
        id: row.id,
        title: row.title,
        description: row.description,
        eventBannerUrl: row.eventBannerUrl,
        createdAt: row.createdAt.toISOString(),
      }));
    },
    seed: () => repo.insertEvents(eventSeeds),
  };
}

export type ContentService = ReturnType<typeof createContentService>;

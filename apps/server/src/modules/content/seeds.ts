import { youtubeThumbnailUrl } from '@playon/shared/ops-content';
import type { EventBannerSeed, SupportSettingSeed, TvItemSeed } from './repo.ts';

export const CONTENT_PREFIX = '/content';

/**
 * The banners a new installation starts with; the images live in ./banners. They hold no words: the
 * dashboard draws the banner's title over its picture, in the player's language (ADR 0034).
 */
export const eventSeeds: EventBannerSeed[] = [
  {
    seedKey: 'matatu-rush-cup',
    title: 'Matatu Rush Cup',
    description:
      'Dodge the Nairobi traffic for as long as you can. The three longest runs of the week win a Platinum, Gold and Silver day pass.',
    titleSw: 'Kombe la Matatu Rush',
    descriptionSw:
      'Kwepa msongamano wa Nairobi kwa muda mrefu uwezavyo. Safari tatu ndefu zaidi za wiki zinashinda kifurushi cha siku cha Platinum, Gold na Silver.',
    eventBannerUrl: `${CONTENT_PREFIX}/banners/matatu-rush-cup.svg`,
  },
  {
    seedKey: 'free-games-friday',
    title: 'Free games, every day',
    description:
      'Savanna Snake and Matatu Rush are free for every player. Subscribers also unlock Tile Merge and every tournament prize.',
    titleSw: 'Michezo ya bure, kila siku',
    descriptionSw:
      'Savanna Snake na Matatu Rush ni bure kwa kila mchezaji. Wenye kifurushi pia wanapata Tile Merge na kila zawadi ya mashindano.',
    eventBannerUrl: `${CONTENT_PREFIX}/banners/free-games.svg`,
  },
  {
    seedKey: 'boost-a-friend',
    title: 'Boost a friend',
    description:
      "Send shillings from your wallet or M-Pesa straight into a friend's PlayOn wallet. Open the menu and tap Boost a friend.",
    titleSw: 'Mwongezee rafiki pesa',
    descriptionSw:
      'Tuma shilingi kutoka kwenye pochi yako au M-Pesa moja kwa moja hadi kwenye pochi ya PlayOn ya rafiki yako. Fungua menyu na ubonyeze Mwongezee rafiki pesa.',
    eventBannerUrl: `${CONTENT_PREFIX}/banners/boost-a-friend.svg`,
  },
];

/**
 * Demo contact details for the feedback footer, written once: an operator replaces them in the
 * support_settings table and a restart never writes them back (docs/operations.md).
 */
export const supportSettingSeeds: SupportSettingSeed[] = [
  { name: 'Email', value: 'support@playon.co.ke' },
  { name: 'Phone', value: '+254 700 123 456' },
  { name: 'Whatsapp', value: 'https://wa.me/254700123456' },
  { name: 'Instagram', value: 'https://instagram.com/playon.ke' },
  { name: 'Twitter', value: 'https://x.com/playon_ke' },
  { name: 'Facebook', value: 'https://facebook.com/playon.ke' },
];

const youtube = (videoId: string) => ({
  channelUrl: `https://www.youtube.com/watch?v=${videoId}`,
  thumbnailUrl: youtubeThumbnailUrl(videoId),
});

/** DEMO_CONTENT only: long-standing public videos, so the TV page has something to play. */
export const tvItemSeeds: TvItemSeed[] = [
  { seedKey: 'big-buck-bunny', title: 'Big Buck Bunny', ...youtube('aqz-KE-bpKQ'), primary: true },
  { seedKey: 'sintel', title: 'Sintel', ...youtube('eRsGyueVLvQ'), primary: false },
  {
    seedKey: 'youtube-iframe-demo',
    title: 'YouTube Developers Live: Embedded Web Player Customization',
    titleSw: 'YouTube Developers Live: kubadilisha kicheza video kilichopachikwa kwenye tovuti',
    ...youtube('M7lc1UVf-VE'),
    primary: false,
  },
];

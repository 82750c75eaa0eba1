import { youtubeVideoId } from '@playon/shared/games';
import type { TvItem } from '@playon/shared/support';

export interface TvVideo extends TvItem {
  videoId: string;
}

/** YouTube's privacy-enhanced player: no tracking cookies. */
export const PLAYER_ORIGIN = 'https://www.youtube-nocookie.com';

/**
 * The address of a video in YouTube's player. `isAnswering` turns on the player's messages to this
 * page (its iframe API), by which the page learns that the video loaded or could not.
 */
export function embedUrl(videoId: string, { autoplay = false, isAnswering = false } = {}): string {
  const query = new URLSearchParams();
  if (autoplay) query.set('autoplay', '1');
  if (isAnswering) {
    query.set('enablejsapi', '1');
    query.set('origin', window.location.origin);
  }
  const search = query.toString();
  return `${PLAYER_ORIGIN}/embed/${videoId}${search ? `?${search}` : ''}`;
}

/**
 * The page's videos: the one asked for by id (else the first, which the server sends primary) on
 * top, the others below in the server's order. A link that names no YouTube video cannot play here,
 * so it is left out.
 */
export function arrangeTvVideos(items: readonly TvItem[], wantedId?: string) {
  const videos: TvVideo[] = [];
  for (const item of items) {
    const videoId = youtubeVideoId(item.channelUrl);
    if (videoId) videos.push({ ...item, videoId });
  }
  const wanted = wantedId === undefined ? undefined : videos.find((video) => String(video.id) === wantedId);
  const featured = wanted ?? videos[0];
  return {
    featured,
    others: videos.filter((video) => video !== featured),
    isWantedMissing: wantedId !== undefined && !wanted,
  };
}

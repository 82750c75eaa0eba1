import { youtubeVideoId } from '@playon/shared/games';
import type { TvItem } from '@playon/shared/support';

export interface TvVideo extends TvItem {
  videoId: string;
}

/** The address of a video in YouTube's privacy-enhanced player. */
export function embedUrl(videoId: string, { autoplay = false } = {}): string {
  return `https://www.youtube-nocookie.com/embed/${videoId}${autoplay ? '?autoplay=1' : ''}`;
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

import type { TvVideo } from './tv-videos';

/** What a video is called: its title from the console, else 'YouTube video' and its id. */
export const tvTitle = (video: TvVideo, label: string) => video.title ?? `${label} ${video.videoId}`;

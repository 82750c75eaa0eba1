import { describe, expect, it } from 'vitest';
import { isOwnTrailerVideo, PointsSchema, youtubeVideoId } from './games.ts';

describe('youtubeVideoId', () => {
  it('finds the 11-character id in every kind of YouTube link', () => {
    for (const link of [
      'https://www.youtube.com/watch?v=aBcDeFgHiJk',
      'https://youtube.com/watch?feature=share&v=aBcDeFgHiJk&t=10',
      'https://youtu.be/aBcDeFgHiJk?si=x',
      'https://www.youtube-nocookie.com/embed/aBcDeFgHiJk',
      'https://m.youtube.com/shorts/aBcDeFgHiJk',
    ]) {
      expect(youtubeVideoId(link), link).toBe('aBcDeFgHiJk');
    }
  });

  it('gives nothing for an id of another length, another site or no link', () => {
    for (const link of [
      'https://www.youtube.com/watch?v=short',
      'https://www.youtube.com/watch?v=aBcDeFgHiJkL',
      'https://vimeo.com/aBcDeFgHiJk',
      'https://www.youtube.com/channel/aBcDeFgHiJk',
      '',
      null,
    ]) {
      expect(youtubeVideoId(link), String(link)).toBeNull();
    }
  });
});

describe('isOwnTrailerVideo', () => {
  it('takes an MP4 or WebM that PlayOn serves, with or without its version', () => {
    for (const link of [
      '/play/savanna-snake/trailer.mp4',
      '/play/savanna-snake/trailer.mp4?v=Ab3_x-9QzW',
      '/media/uploads/clip.webm',
      '/content/tv/intro.MP4',
    ]) {
      expect(isOwnTrailerVideo(link), link).toBe(true);
    }
  });

  it('refuses other sites, other files, climbing out of the folder and other queries', () => {
    for (const link of [
      'https://example.com/trailer.mp4',
      '//example.com/play/trailer.mp4',
      '/play/savanna-snake/trailer.webp',
      '/play/../secrets/trailer.mp4',
      '/play/savanna-snake/trailer.mp4?autoplay=1',
      '/api/games/trailer.mp4',
      null,
    ]) {
      expect(isOwnTrailerVideo(link), String(link)).toBe(false);
    }
  });
});

describe('PointsSchema', () => {
  it('takes scores with up to two decimals and refuses the rest', () => {
    expect(PointsSchema.safeParse(57.25).success).toBe(true);
    expect(PointsSchema.safeParse(0).success).toBe(true);
    expect(PointsSchema.safeParse(1.005).success).toBe(false);
    expect(PointsSchema.safeParse(-1).success).toBe(false);
    expect(PointsSchema.safeParse(Number.POSITIVE_INFINITY).success).toBe(false);
  });
});

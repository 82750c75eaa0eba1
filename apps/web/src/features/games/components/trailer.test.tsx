import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { buildGame } from '../../../test/factories';
import { Trailer } from './trailer';

const served = buildGame({
  trailerLink: '/play/savanna-snake/trailer.mp4?v=Ab3_x-9QzW',
  trailerPoster: '/play/savanna-snake/trailer.webp?v=Qw7_k-2LmN',
});
const video = () => screen.getByLabelText('Savanna Snake trailer') as HTMLVideoElement;
const playButton = () => screen.queryByRole('button', { name: 'Play the Savanna Snake trailer' });

describe("a game's trailer", () => {
  it('shows the poster of a clip PlayOn serves at 853 by 480, and fetches nothing before a tap', () => {
    render(<Trailer game={served} />);
    expect(video().tagName).toBe('VIDEO');
    expect(video().getAttribute('src')).toBe('/play/savanna-snake/trailer.mp4?v=Ab3_x-9QzW');
    expect(video().getAttribute('poster')).toBe('/play/savanna-snake/trailer.webp?v=Qw7_k-2LmN');
    expect([video().getAttribute('width'), video().getAttribute('height')]).toEqual(['853', '480']);
    expect(video().getAttribute('preload')).toBe('none');
    expect(video().muted).toBe(true);
    expect(video().hasAttribute('playsinline')).toBe(true);
    expect(video().hasAttribute('controls')).toBe(false);
    expect(playButton()).toBeTruthy();
  });

  it('plays the clip muted and inline on a tap, then gives the video controls', async () => {
    const play = vi.spyOn(HTMLMediaElement.prototype, 'play').mockResolvedValue();
    render(<Trailer game={served} />);
    fireEvent.click(playButton() as HTMLElement);
    expect(play).toHaveBeenCalledTimes(1);
    expect(play.mock.contexts[0]).toBe(video());
    expect(video().muted).toBe(true);
    await waitFor(() => expect(playButton()).toBeNull());
    expect(video().hasAttribute('controls')).toBe(true);
    expect(document.activeElement).toBe(video());
  });

  it('keeps the poster and the button when the clip cannot play', async () => {
    vi.spyOn(HTMLMediaElement.prototype, 'play').mockRejectedValue(new DOMException('', 'NotSupportedError'));
    render(<Trailer game={served} />);
    fireEvent.click(playButton() as HTMLElement);
    await waitFor(() => expect(playButton()).toBeTruthy());
    expect(video().hasAttribute('controls')).toBe(false);
  });

  it('embeds a YouTube trailer without tracking cookies instead of a video', () => {
    render(
      <Trailer game={buildGame({ trailerLink: 'https://youtu.be/dQw4w9WgXcQ', trailerPoster: null })} />,
    );
    expect(screen.getByTitle('Savanna Snake trailer').getAttribute('src')).toBe(
      'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ',
    );
    expect(document.querySelector('video')).toBeNull();
  });

  it("shows the game's icon when the trailer is neither", () => {
    render(<Trailer game={buildGame({ trailerLink: 'https://example.com/trailer.mp4' })} />);
    expect(document.querySelector('video, iframe')).toBeNull();
    expect(document.querySelector('img')?.getAttribute('src')).toBe('/play/savanna-snake/icon.svg');
  });
});

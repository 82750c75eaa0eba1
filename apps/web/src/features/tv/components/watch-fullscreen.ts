import { PLAYER_ALLOW } from './tv-embed';
import { embedUrl } from './tv-videos';

/**
 * 'Watch now': the video in a player of its own, made fullscreen and playing. Must run inside the
 * tap's handler (browsers allow fullscreen only then). Resolves false when the browser refuses
 * (iPhone Safari makes only video elements fullscreen), having left nothing behind.
 */
export async function watchFullscreen(videoId: string, title: string): Promise<boolean> {
  const container = document.createElement('div');
  container.className = 'fixed inset-0 z-50 bg-black';
  const player = document.createElement('iframe');
  for (const [name, value] of Object.entries({
    src: embedUrl(videoId, { autoplay: true }),
    title,
    allow: PLAYER_ALLOW,
    allowfullscreen: '',
    referrerpolicy: 'strict-origin-when-cross-origin',
    class: 'size-full border-0',
  })) {
    player.setAttribute(name, value);
  }
  container.append(player);
  document.body.append(container);

  const request = typeof container.requestFullscreen === 'function' ? container.requestFullscreen() : null;
  try {
    if (!request) throw new Error('fullscreen not supported');
    await request;
  } catch {
    container.remove();
    return false;
  }
  // Leaving fullscreen (Back, Escape, the player's own button) ends the video.
  const onChange = () => {
    if (document.fullscreenElement === container) return;
    document.removeEventListener('fullscreenchange', onChange);
    container.remove();
  };
  document.addEventListener('fullscreenchange', onChange);
  return true;
}

import translator from '../../../lib/translation';
import { PLAYER_ALLOW } from './tv-embed';
import { embedUrl } from './tv-videos';
import { listenForPlayerAnswer } from './use-player-answer';

function newPlayer(videoId: string, title: string) {
  const player = document.createElement('iframe');
  for (const [name, value] of Object.entries({
    src: embedUrl(videoId, { autoplay: true, isAnswering: true }),
    title,
    allow: PLAYER_ALLOW,
    allowfullscreen: '',
    referrerpolicy: 'strict-origin-when-cross-origin',
    class: 'size-full border-0',
  })) {
    player.setAttribute(name, value);
  }
  return player;
}

/**
 * 'Watch now': the video in a player of its own, made fullscreen and playing. Must run inside the
 * tap's handler (browsers allow fullscreen only then). Resolves false when the browser refuses
 * (iPhone Safari makes only video elements fullscreen), having left nothing behind. A player that
 * cannot load gives way to the product's error with `retryLabel` (Try again), as on the page.
 */
export async function watchFullscreen(videoId: string, title: string, retryLabel: string): Promise<boolean> {
  const container = document.createElement('div');
  container.className = 'fixed inset-0 z-50 bg-black';
  let stopListening = () => {};
  const play = () => {
    const player = newPlayer(videoId, title);
    container.replaceChildren(player);
    stopListening = listenForPlayerAnswer(player, (status) => {
      if (status === 'failed') container.replaceChildren(failure());
    });
  };
  const failure = () => {
    const box = document.createElement('div');
    box.className = 'flex size-full flex-col items-center justify-center gap-4 bg-ink px-6 text-center';
    const text = document.createElement('p');
    text.setAttribute('role', 'alert');
    text.className = 'text-sm text-muted';
    text.textContent = translator.t('notices.tvError');
    const retry = document.createElement('button');
    retry.type = 'button';
    retry.className =
      'flex h-12 items-center justify-center rounded-xl border border-line bg-raised px-5 text-base font-semibold text-text active:bg-line';
    retry.textContent = retryLabel;
    retry.addEventListener('click', play);
    box.append(text, retry);
    return box;
  };
  play();
  document.body.append(container);

  const request = typeof container.requestFullscreen === 'function' ? container.requestFullscreen() : null;
  try {
    if (!request) throw new Error('fullscreen not supported');
    await request;
  } catch {
    stopListening();
    container.remove();
    return false;
  }
  // Leaving fullscreen (Back, Escape, the player's own button) ends the video.
  const onChange = () => {
    if (document.fullscreenElement === container) return;
    document.removeEventListener('fullscreenchange', onChange);
    stopListening();
    container.remove();
  };
  document.addEventListener('fullscreenchange', onChange);
  return true;
}

import { type RefObject, useEffect } from 'react';
import { PLAYER_ORIGIN } from './tv-videos';

export type PlayerStatus = 'loading' | 'ready' | 'failed';

/** Once the frame has loaded, how long YouTube's player has to answer before it counts as blocked. */
export const PLAYER_ANSWER_MS = 8000;
/** However slow the network, a player that has not answered by then counts as blocked. */
export const PLAYER_LOAD_MS = 45_000;

/**
 * Whether the video in `player` loaded. A cross-origin frame tells its page nothing when it fails (a
 * blocked or unreachable YouTube shows the browser's own error inside it), so the page asks: when the
 * frame has loaded it says 'listening' to YouTube's player (its iframe API), which answers with its
 * state, or with onError for a video that cannot play here. No answer in time is a failure too.
 * Returns what stops listening.
 */
export function listenForPlayerAnswer(
  player: HTMLIFrameElement,
  onStatus: (status: Exclude<PlayerStatus, 'loading'>) => void,
): () => void {
  let isSettled = false;
  let answerTimer: ReturnType<typeof setTimeout> | undefined;
  const stop = () => {
    isSettled = true;
    clearTimeout(loadTimer);
    clearTimeout(answerTimer);
    window.removeEventListener('message', onMessage);
    player.removeEventListener('load', onLoad);
  };
  const settle = (status: Exclude<PlayerStatus, 'loading'>) => {
    if (isSettled) return;
    stop();
    onStatus(status);
  };
  const loadTimer = setTimeout(() => settle('failed'), PLAYER_LOAD_MS);

  function onMessage(event: MessageEvent) {
    if (event.origin !== PLAYER_ORIGIN || event.source !== player.contentWindow) return;
    let said: { event?: unknown };
    try {
      said = typeof event.data === 'string' ? JSON.parse(event.data) : event.data;
    } catch {
      return;
    }
    if (said?.event === 'onError') settle('failed');
    else if (said?.event === 'onReady' || said?.event === 'initialDelivery') settle('ready');
  }
  function onLoad() {
    // Only YouTube's page gets this: an error page in the frame has another origin.
    player.contentWindow?.postMessage(
      JSON.stringify({ event: 'listening', id: 1, channel: 'widget' }),
      PLAYER_ORIGIN,
    );
    clearTimeout(answerTimer);
    answerTimer = setTimeout(() => settle('failed'), PLAYER_ANSWER_MS);
  }
  window.addEventListener('message', onMessage);
  player.addEventListener('load', onLoad);
  return stop;
}

/** listenForPlayerAnswer for a component's frame, for as long as it is mounted. */
export function usePlayerAnswer(
  frame: RefObject<HTMLIFrameElement | null>,
  onStatus: (status: Exclude<PlayerStatus, 'loading'>) => void,
) {
  useEffect(() => {
    const player = frame.current;
    if (!player) return;
    return listenForPlayerAnswer(player, onStatus);
  }, [frame, onStatus]);
}

import {
  type Game,
  isOwnTrailerVideo,
  TRAILER_HEIGHT,
  TRAILER_WIDTH,
  youtubeVideoId,
} from '@playon/shared/games';
import { useTranslation } from '../../../lib/translation';
import { TrailerVideo } from './trailer-video';

// 853:480 (docs/product.md, "Game details screen") whether a video or the poster shows, so nothing below moves.
const frameClass = 'block aspect-[853/480] h-auto w-full rounded-2xl bg-raised';

/**
 * The game's trailer: a clip PlayOn serves, played inline on a tap; a YouTube video embedded without
 * YouTube's tracking cookies; the game's icon as a poster without either.
 */
export function Trailer({
  game,
}: {
  game: Pick<Game, 'name' | 'trailerLink' | 'trailerPoster' | 'gameIcon'>;
}) {
  const { t } = useTranslation();
  if (isOwnTrailerVideo(game.trailerLink)) {
    return (
      <TrailerVideo
        name={game.name}
        src={game.trailerLink}
        poster={game.trailerPoster}
        className={frameClass}
      />
    );
  }
  const videoId = youtubeVideoId(game.trailerLink);
  if (!videoId) {
    return (
      <img
        src={game.gameIcon}
        alt=""
        width={TRAILER_WIDTH}
        height={TRAILER_HEIGHT}
        className={`${frameClass} object-contain p-10`}
      />
    );
  }
  return (
    <iframe
      src={`https://www.youtube-nocookie.com/embed/${videoId}`}
      title={t('games.trailer', { name: game.name })}
      width={TRAILER_WIDTH}
      height={TRAILER_HEIGHT}
      loading="lazy"
      allow="accelerometer; encrypted-media; gyroscope; picture-in-picture; fullscreen"
      allowFullScreen
      // YouTube refuses to play an embed that sends no referrer; the server's policy sends none by default.
      referrerPolicy="strict-origin-when-cross-origin"
      className={frameClass}
    />
  );
}

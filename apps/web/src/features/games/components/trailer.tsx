import { type Game, TRAILER_HEIGHT, TRAILER_WIDTH, youtubeVideoId } from '@playon/shared/games';
import { useTranslation } from 'react-i18next';

// 853:480 (spec section 9) whether a video or the poster shows, so nothing below moves.
const frameClass = 'block aspect-[853/480] h-auto w-full rounded-2xl bg-raised';

/** The game's trailer, embedded without YouTube's tracking cookies; the game's icon as a poster without one. */
export function Trailer({ game }: { game: Pick<Game, 'name' | 'trailerLink' | 'gameIcon'> }) {
  const { t } = useTranslation();
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

import { Icon } from '../../../components/ui/icon';
import { formatDateTime } from '../../../lib/format';
import { useTranslation } from '../../../lib/translation';
import { PlayMark, TvPicture } from './tv-picture';
import type { TvVideo } from './tv-videos';

/** One of the other videos: its picture and title, when it was added, and Watch now. */
export function TvCard({ video, onWatch }: { video: TvVideo; onWatch: (video: TvVideo) => void }) {
  const { t } = useTranslation();
  const headingId = `tv-${video.id}`;
  return (
    <article aria-labelledby={headingId} className="flex gap-3 rounded-2xl bg-surface p-3 ring-1 ring-line">
      <div className="relative flex aspect-[853/480] w-28 shrink-0 items-center justify-center overflow-hidden rounded-xl bg-raised">
        <TvPicture url={video.thumbnailUrl} />
        <PlayMark />
      </div>
      <div className="flex min-w-0 flex-1 flex-col">
        <h3 id={headingId} className="text-sm font-semibold">
          {video.title ? (
            <span className="line-clamp-2">{video.title}</span>
          ) : (
            <>
              {t('tv.videoLabel')}{' '}
              <span className="block truncate font-mono text-xs text-muted">{video.videoId}</span>
            </>
          )}
        </h3>
        <p className="text-xs text-muted">{t('tv.added', { date: formatDateTime(video.createdAt) })}</p>
        <button
          type="button"
          onClick={() => onWatch(video)}
          className="mt-2 flex h-11 items-center justify-center gap-1.5 self-start rounded-xl bg-brand px-4 text-sm font-semibold text-white active:bg-brand-strong"
        >
          <Icon name="play" className="size-4" />
          {t('tv.watchNow')}
        </button>
      </div>
    </article>
  );
}

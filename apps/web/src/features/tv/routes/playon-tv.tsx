import { useEffect } from 'react';
import { useLocation, useNavigate, useParams } from 'react-router';
import { EmptyState } from '../../../components/ui/empty-state';
import { Header } from '../../../components/ui/header';
import { LoadError } from '../../../components/ui/load-error';
import { Skeleton } from '../../../components/ui/skeleton';
import { useTranslation } from '../../../lib/translation';
import { useTvItems } from '../api/get-tv-items';
import { TvCard } from '../components/tv-card';
import { TvPlayer } from '../components/tv-player';
import { tvTitle } from '../components/tv-title';
import { arrangeTvVideos, type TvVideo } from '../components/tv-videos';
import { watchFullscreen } from '../components/watch-fullscreen';

function TvSkeleton() {
  return (
    <div aria-hidden="true">
      <Skeleton className="aspect-[853/480] w-full rounded-2xl" />
      <Skeleton className="mt-8 h-5 w-32" />
      {['a', 'b'].map((key) => (
        <Skeleton key={key} className="mt-3 h-24 w-full rounded-2xl" />
      ))}
    </div>
  );
}

/** Playon TV (/playon-tv, /playon-tv/:id): one video embedded on top, the others with 'Watch now'. */
export function Component() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { id } = useParams();
  const autoplay = (useLocation().state as { autoplay?: boolean } | null)?.autoplay === true;
  const items = useTvItems();
  const { featured, others, isWantedMissing } = arrangeTvVideos(items.data ?? [], id);

  // A video chosen below (where fullscreen is refused) plays on top: the page starts there.
  useEffect(() => {
    if (id) window.scrollTo({ top: 0 });
  }, [id]);

  function watch(video: TvVideo) {
    void watchFullscreen(video.videoId, t('tv.player'), t('common.retry')).then((isFullscreen) => {
      if (!isFullscreen) navigate(`/playon-tv/${video.id}`, { state: { autoplay: true } });
    });
  }

  return (
    <>
      <Header title={t('tv.title')} />
      <main className="mx-auto max-w-md px-5 pt-4 pb-10">
        {items.isError ? (
          <LoadError text={t('notices.tvError')} onRetry={() => void items.refetch()} />
        ) : !items.data ? (
          <TvSkeleton />
        ) : !featured ? (
          <EmptyState icon="play" text={t('tv.empty')} />
        ) : (
          <>
            {isWantedMissing ? <p className="mb-3 text-sm text-muted">{t('tv.missing')}</p> : null}
            <TvPlayer key={featured.id} video={featured} autoplay={autoplay} />
            <h2 className="mt-3 line-clamp-2 text-base font-bold">{tvTitle(featured, t('tv.videoLabel'))}</h2>
            {others.length > 0 ? (
              <section aria-labelledby="tv-more" className="mt-8">
                <h2 id="tv-more" className="mb-3 text-lg font-bold">
                  {t('tv.more')}
                </h2>
                <ul className="flex flex-col gap-3">
                  {others.map((video) => (
                    <li key={video.id}>
                      <TvCard video={video} onWatch={watch} />
                    </li>
                  ))}
                </ul>
              </section>
            ) : null}
          </>
        )}
      </main>
    </>
  );
}

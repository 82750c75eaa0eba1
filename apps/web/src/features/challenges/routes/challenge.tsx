import type { ChallengeView } from '@playon/shared/challenges';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { Button } from '../../../components/ui/button';
import { Header } from '../../../components/ui/header';
import { LoadError } from '../../../components/ui/load-error';
import { Skeleton } from '../../../components/ui/skeleton';
import { errorText } from '../../../lib/api-error';
import { formatDateTime, formatPoints } from '../../../lib/format';
import { launchUrlIn } from '../../../lib/launch-url';
import { openPage } from '../../../lib/open-page';
import { toast } from '../../../lib/toast';
import { useSingleFlight } from '../../../lib/use-single-flight';
import { playChallenge, useChallenge } from '../api/challenges';
import { ResultCard } from '../components/result-card';
import { shareLink, shareTextOf } from '../components/share-link';
import { useChallengeTranslation } from '../components/texts';

/**
 * A challenge (docs/product.md, "Challenges"): the challenger's username and score; accept and play
 * once, or, once played, the results side by side. The challenger shares the link again from here.
 */
export function Component() {
  const { code = '' } = useParams();
  const { t } = useChallengeTranslation();
  const challenge = useChallenge(code);

  return (
    <>
      <Header title={t('challenges.title')} />
      <main className="mx-auto max-w-md px-5 pt-5 pb-24">
        {challenge.isError ? (
          <LoadError onRetry={() => void challenge.refetch()} />
        ) : !challenge.data ? (
          <div aria-hidden="true" className="flex flex-col gap-3">
            <Skeleton className="h-36 w-full rounded-2xl" />
            <Skeleton className="h-12 w-full rounded-xl" />
          </div>
        ) : (
          <ChallengeDetails view={challenge.data} />
        )}
        <Link to="/challenges" className="mt-8 block text-center font-semibold text-accent underline">
          {t('challenges.all')}
        </Link>
      </main>
    </>
  );
}

function ChallengeDetails({ view }: { view: ChallengeView }) {
  const { t, i18n } = useChallengeTranslation();
  const singleFlight = useSingleFlight();
  const [isStarting, setStarting] = useState(false);
  const isYours = view.state === 'yours';

  function accept() {
    singleFlight(async () => {
      setStarting(true);
      try {
        const session = await playChallenge(view.code);
        openPage(launchUrlIn(session.launchUrl, i18n.language));
      } catch (error) {
        setStarting(false);
        toast.error(errorText(error, t('common.genericError')));
      }
    });
  }

  async function share() {
    const how = await shareLink(shareTextOf(view, i18n.language)).catch(() => 'failed' as const);
    if (how === 'copied') toast.success(t('challenges.copied'));
    if (how === 'failed') toast.error(t('challenges.shareFailed'));
  }

  const note = {
    started: t('challenges.started'),
    notForYou: t('challenges.notForYou'),
    expired: t('challenges.expired'),
  }[view.state as 'started' | 'notForYou' | 'expired'];

  return (
    <>
      <section aria-labelledby="challenge-title" className="rounded-2xl bg-surface p-4 ring-1 ring-line">
        <div className="flex items-center gap-3">
          <img
            src={view.game.gameIcon}
            alt=""
            width={56}
            height={56}
            className="size-14 shrink-0 rounded-xl bg-raised object-cover"
          />
          <div className="min-w-0">
            <h2 id="challenge-title" className="text-lg font-bold [overflow-wrap:anywhere]">
              {isYours
                ? t('challenges.yoursTitle')
                : t('challenges.challengerTitle', { name: view.challenger.username })}
            </h2>
            <p className="text-sm text-muted">{view.game.name}</p>
          </div>
        </div>
        <p className="mt-4 text-3xl font-extrabold tabular-nums" data-testid="challenger-points">
          {t('challenges.points', { points: formatPoints(view.challenger.points) })}
        </p>
        <p className="mt-1 text-sm text-muted">
          {isYours
            ? view.to
              ? t('challenges.sentTo', { name: view.to })
              : t('challenges.sentAsLink')
            : null}
          {isYours ? ' · ' : null}
          {t('challenges.openUntil', { date: formatDateTime(view.expiresAt) })}
        </p>
      </section>

      {view.state === 'open' ? (
        <div className="mt-6">
          <Button className="w-full" isBusy={isStarting} onClick={accept}>
            {t('challenges.accept')}
          </Button>
          <p className="mt-2 text-center text-sm text-muted">
            {t('challenges.oneTry', { name: view.challenger.username })}
          </p>
        </div>
      ) : null}
      {note ? (
        <p role="status" className="mt-6 rounded-xl bg-raised p-4 text-sm">
          {note}
        </p>
      ) : null}

      {view.results.length > 0 || isYours ? (
        <section aria-labelledby="challenge-results" className="mt-8">
          <h2 id="challenge-results" className="mb-3 text-lg font-bold">
            {t('challenges.results')}
          </h2>
          {view.results.length === 0 ? (
            <p className="text-sm text-muted">{t('challenges.noAnswers')}</p>
          ) : (
            <ul className="flex flex-col gap-3">
              {view.results.map((result) => (
                <li key={result.opponent}>
                  <ResultCard result={result} />
                </li>
              ))}
            </ul>
          )}
        </section>
      ) : null}
      {isYours ? (
        <Button variant="secondary" className="mt-6 w-full" onClick={() => void share()}>
          {t('challenges.shareAgain')}
        </Button>
      ) : null}
    </>
  );
}

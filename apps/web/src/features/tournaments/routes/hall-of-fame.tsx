import { BottomNav } from '../../../components/ui/bottom-nav';
import { EmptyState } from '../../../components/ui/empty-state';
import { Header } from '../../../components/ui/header';
import { LoadError } from '../../../components/ui/load-error';
import { Skeleton } from '../../../components/ui/skeleton';
import { useTranslation } from '../../../lib/translation';
import { useHallOfFame } from '../api/get-hall-of-fame';
import { HallOfFameCard } from '../components/hall-of-fame-card';

/** The hall of fame: the winners of past tournaments, newest first. */
export function Component() {
  const { t } = useTranslation();
  const hallOfFame = useHallOfFame();

  return (
    <>
      <Header title={t('hallOfFame.title')} />
      <main className="mx-auto max-w-md px-5 pt-5 pb-24">
        {hallOfFame.isError ? (
          <LoadError onRetry={() => void hallOfFame.refetch()} />
        ) : !hallOfFame.data ? (
          <div aria-hidden="true" className="flex flex-col gap-4">
            {['a', 'b', 'c'].map((key) => (
              <Skeleton key={key} className="h-44 w-full rounded-2xl" />
            ))}
          </div>
        ) : hallOfFame.data.length === 0 ? (
          <EmptyState icon="trophy" text={t('notices.hallOfFameEmpty')} />
        ) : (
          <ul className="flex flex-col gap-4">
            {hallOfFame.data.map((entry) => (
              <li key={entry.id}>
                <HallOfFameCard entry={entry} />
              </li>
            ))}
          </ul>
        )}
      </main>
      <BottomNav />
    </>
  );
}

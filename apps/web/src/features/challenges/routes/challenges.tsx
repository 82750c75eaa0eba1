import { CHALLENGE_TABS, type ChallengeTab, inChallengeTab } from '@playon/shared/challenges';
import { useState } from 'react';
import { EmptyState } from '../../../components/ui/empty-state';
import { Header } from '../../../components/ui/header';
import { LoadError } from '../../../components/ui/load-error';
import { Skeleton } from '../../../components/ui/skeleton';
import { useChallenges } from '../api/challenges';
import { ChallengeCard } from '../components/challenge-card';
import { useChallengeTranslation } from '../components/texts';

/**
 * Challenges (docs/product.md, "Challenges"): received, sent, won, lost and expired, as tabs over one
 * list the server sends once; each tab has its empty state.
 */
export function Component() {
  const { t } = useChallengeTranslation();
  const challenges = useChallenges();
  const [tab, setTab] = useState<ChallengeTab>('received');
  const shown = challenges.data?.filter((item) => inChallengeTab(item, tab)) ?? [];

  function onKeyDown(event: React.KeyboardEvent) {
    const step = event.key === 'ArrowRight' ? 1 : event.key === 'ArrowLeft' ? -1 : 0;
    if (step === 0) return;
    const next =
      CHALLENGE_TABS[(CHALLENGE_TABS.indexOf(tab) + step + CHALLENGE_TABS.length) % CHALLENGE_TABS.length];
    if (!next) return;
    setTab(next);
    document.getElementById(`challenges-tab-${next}`)?.focus();
  }

  return (
    <>
      <Header title={t('challenges.title')} />
      <main className="mx-auto max-w-md px-5 pt-4 pb-24">
        <div
          role="tablist"
          aria-label={t('challenges.tabsLabel')}
          tabIndex={-1}
          onKeyDown={onKeyDown}
          className="-mx-5 mb-4 flex gap-2 overflow-x-auto px-5 pb-1"
        >
          {CHALLENGE_TABS.map((name) => (
            <button
              key={name}
              id={`challenges-tab-${name}`}
              type="button"
              role="tab"
              aria-selected={tab === name}
              aria-controls="challenges-panel"
              tabIndex={tab === name ? 0 : -1}
              onClick={() => setTab(name)}
              className={`h-11 shrink-0 rounded-full px-4 text-sm font-semibold ${
                tab === name ? 'bg-brand text-white' : 'bg-raised text-text ring-1 ring-line'
              }`}
            >
              {t(`challenges.tabs.${name}`)}
            </button>
          ))}
        </div>
        <div id="challenges-panel" role="tabpanel" aria-labelledby={`challenges-tab-${tab}`}>
          {challenges.isError ? (
            <LoadError onRetry={() => void challenges.refetch()} />
          ) : !challenges.data ? (
            <div aria-hidden="true" className="flex flex-col gap-3">
              {['a', 'b', 'c'].map((key) => (
                <Skeleton key={key} className="h-28 w-full rounded-2xl" />
              ))}
            </div>
          ) : shown.length === 0 ? (
            <EmptyState icon="trophy" text={t(`challenges.empty.${tab}`)} />
          ) : (
            <ul className="flex flex-col gap-3">
              {shown.map((item) => (
                <li key={`${item.code}-${item.direction}-${item.opponent ?? ''}`}>
                  <ChallengeCard item={item} />
                </li>
              ))}
            </ul>
          )}
        </div>
      </main>
    </>
  );
}

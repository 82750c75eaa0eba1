import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { dismissRun, sendKeptRunsNow, useKeptRuns } from '../../lib/offline-play/kept-runs-store';
import { useOfflineText } from '../../lib/offline-play/offline-text';
import { useTranslation } from '../../lib/translation';
import { useSessionUser } from '../../lib/use-session';
import { Button } from '../ui/button';

/**
 * Scores on this phone (ADR 0065): each run a game kept when it could not reach PlayOn, 'Waiting to
 * send' until the network returns, or 'Not counted' with the server's reason and a Dismiss button (a
 * refused run leaves only once the player has seen why). Nothing when there is none.
 */
export function KeptRuns({ className = '' }: { className?: string }) {
  const { t } = useTranslation();
  const o = useOfflineText();
  const runs = useKeptRuns(useSessionUser()?.id);
  const queryClient = useQueryClient();
  // Where the list shows, its waiting runs are sent: now if there is a network, else when it returns.
  useEffect(() => {
    const send = () => {
      if (navigator.onLine) void sendKeptRunsNow(() => void queryClient.invalidateQueries());
    };
    send();
    window.addEventListener('online', send);
    return () => window.removeEventListener('online', send);
  }, [queryClient]);
  if (runs.length === 0) return null;
  return (
    <section
      aria-labelledby="kept-runs-title"
      data-testid="kept-runs"
      className={`rounded-2xl bg-raised p-4 text-left ring-1 ring-line ${className}`}
    >
      <h2 id="kept-runs-title" className="text-lg font-bold">
        {o('runsTitle')}
      </h2>
      <ul className="mt-2 divide-y divide-line">
        {runs.map((run) => (
          <li key={run.session} className="py-3">
            <p className="flex items-baseline justify-between gap-3">
              <span className="min-w-0 font-semibold [overflow-wrap:anywhere]">{run.game}</span>
              <span className="shrink-0 tabular-nums">{t('tournaments.points', { points: run.points })}</span>
            </p>
            {run.state === 'waiting' ? (
              <p className="mt-1 text-sm text-accent">{o('waiting')}</p>
            ) : (
              <>
                <p className="mt-1 text-sm text-danger">{o('refused', { reason: run.reason ?? '' })}</p>
                <Button variant="secondary" className="mt-2 h-10 w-full" onClick={() => dismissRun(run)}>
                  {o('dismiss')}
                </Button>
              </>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}

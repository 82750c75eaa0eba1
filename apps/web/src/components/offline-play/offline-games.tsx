import { launchUrlIn } from '../../lib/launch-url';
import { useKeptRuns } from '../../lib/offline-play/kept-runs-store';
import { type KeptSession, keptSessions, takeSession } from '../../lib/offline-play/kept-sessions';
import { useOfflineText } from '../../lib/offline-play/offline-text';
import { openPage } from '../../lib/open-page';
import { useTranslation } from '../../lib/translation';
import { useSessionUser } from '../../lib/use-session';
import { Button } from '../ui/button';
import { Icon } from '../ui/icon';
import { KeptRuns } from './kept-runs';

/**
 * Play offline, on the no-internet screen (ADR 0065): the games (free, or for a tournament the player
 * opened) with sessions kept on this phone, each with 'Play now', and the scores waiting to send.
 */
export default function OfflineGames() {
  const { t, i18n } = useTranslation();
  const o = useOfflineText();
  const uid = useSessionUser()?.id;
  const runs = useKeptRuns(uid);
  const byPlay = new Map<string, { first: KeptSession; count: number }>();
  for (const session of keptSessions(uid)) {
    const key = `${session.uid}:${session.gameId}:${session.tournamentId ?? ''}`;
    const seen = byPlay.get(key);
    if (seen) seen.count++;
    else byPlay.set(key, { first: session, count: 1 });
  }
  const plays = [...byPlay.values()];
  // A visitor (signed out) has nothing kept to play, unless a game left a run on the phone.
  if (!uid && runs.length === 0) return null;

  function play(session: KeptSession) {
    const kept = takeSession(session);
    if (kept) openPage(launchUrlIn(kept.launchUrl, i18n.language));
  }

  return (
    <div className="mt-6 flex w-full flex-col gap-4 text-left">
      <section aria-labelledby="offline-games-title" className="rounded-2xl bg-raised p-4 ring-1 ring-line">
        <h2 id="offline-games-title" className="text-lg font-bold">
          {o('title')}
        </h2>
        {plays.length === 0 ? (
          <p className="mt-1 text-sm text-muted">{o('empty')}</p>
        ) : (
          <>
            <p className="mt-1 text-sm text-muted">{o('intro')}</p>
            <ul className="mt-2 divide-y divide-line">
              {plays.map(({ first, count }) => (
                <li
                  key={`${first.gameId}:${first.tournamentId ?? ''}`}
                  className="flex items-center gap-3 py-3"
                >
                  <div className="min-w-0 flex-1">
                    <p className="font-semibold [overflow-wrap:anywhere]">{first.gameName}</p>
                    <p className="text-sm text-muted [overflow-wrap:anywhere]">
                      {first.tournamentName
                        ? o('forTournament', { name: first.tournamentName, count })
                        : o('freePlay', { count })}
                    </p>
                  </div>
                  <Button
                    className="h-10 shrink-0 px-4"
                    aria-label={o('play', { name: first.gameName })}
                    onClick={() => play(first)}
                  >
                    <Icon name="play" className="size-5" />
                    {t('games.playNow')}
                  </Button>
                </li>
              ))}
            </ul>
          </>
        )}
      </section>
      <KeptRuns />
    </div>
  );
}

/** The list of kept runs too, for the game details screen: offline play is one chunk. */
export { KeptRuns };

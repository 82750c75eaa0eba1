import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { ApiError, errorText } from '../../../lib/api-error';
import { launchUrlIn } from '../../../lib/launch-url';
import { keepSessions, needsSessions, takeSession } from '../../../lib/offline-play/kept-sessions';
import { offlineText } from '../../../lib/offline-play/offline-text';
import { openPage } from '../../../lib/open-page';
import { toast } from '../../../lib/toast';
import translator, { useTranslation } from '../../../lib/translation';
import { useSessionUser } from '../../../lib/use-session';
import { useSingleFlight } from '../../../lib/use-single-flight';
import { startPlay } from '../api/start-play';

interface Named {
  id: number;
  name: string;
}

/**
 * 'Play now': starts a play session and opens the game in this window (docs/product.md, "Play now"). A game for
 * subscribers sends a player without a plan to the plans, with the server's reason. While online it keeps a few
 * sessions of this game (and tournament) on the phone; without a network, 'Play now' spends one of them and
 * the game plays from the service worker's copy (ADR 0065).
 */
export function usePlayNow(game: Named | undefined, tournament: Named | undefined) {
  const navigate = useNavigate();
  const { i18n } = useTranslation();
  const singleFlight = useSingleFlight();
  const [isStarting, setStarting] = useState(false);
  const uid = useSessionUser()?.id;
  const gameId = game?.id;
  const gameName = game?.name;
  const tournamentId = tournament?.id ?? null;
  const tournamentName = tournament?.name ?? null;

  // Back from the game, the browser may show this page from its cache, button still busy: free it.
  useEffect(() => {
    const onPageShow = (event: PageTransitionEvent) => {
      if (event.persisted) setStarting(false);
    };
    window.addEventListener('pageshow', onPageShow);
    return () => window.removeEventListener('pageshow', onPageShow);
  }, []);

  // Sessions for a run without a network, asked for while there is one. A refusal (no plan, a tournament
  // that ended) keeps none: 'Play now' itself says why.
  useEffect(() => {
    if (!uid || gameId === undefined || gameName === undefined || !navigator.onLine) return;
    if (!needsSessions({ uid, gameId, tournamentId })) return;
    keepSessions({ uid, gameId, gameName, tournamentId, tournamentName }).catch(() => {});
  }, [uid, gameId, gameName, tournamentId, tournamentName]);

  /** Opens the game with a session kept on the phone; false when none is left. */
  function playOffline(): boolean {
    if (!uid || gameId === undefined) return false;
    const kept = takeSession({ uid, gameId, tournamentId });
    if (!kept) return false;
    openPage(launchUrlIn(kept.launchUrl, i18n.language));
    return true;
  }

  function playNow() {
    if (gameId === undefined) return;
    singleFlight(async () => {
      setStarting(true);
      if (!navigator.onLine && playOffline()) return;
      try {
        const session = await startPlay(gameId, tournamentId ?? undefined);
        // The page unloads: the button stays busy until it does.
        openPage(launchUrlIn(session.launchUrl, i18n.language));
      } catch (error) {
        if (error instanceof ApiError && error.kind !== 'http' && playOffline()) return;
        setStarting(false);
        if (error instanceof ApiError && error.code === 'SUBSCRIPTION_REQUIRED') {
          toast.info(error.message);
          navigate('/account/subscription');
        } else if (error instanceof ApiError && error.kind !== 'http') {
          toast.error(offlineText(translator.language, 'noneKept'));
        } else toast.error(errorText(error, translator.t('common.genericError')));
      }
    });
  }

  return { playNow, isStarting };
}

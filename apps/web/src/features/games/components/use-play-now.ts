import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { ApiError, errorText } from '../../../lib/api-error';
import { launchUrlIn } from '../../../lib/launch-url';
import { openPage } from '../../../lib/open-page';
import { toast } from '../../../lib/toast';
import translator, { useTranslation } from '../../../lib/translation';
import { useSingleFlight } from '../../../lib/use-single-flight';
import { startPlay } from '../api/start-play';

/**
 * 'Play now': starts a play session and opens the game in this window (docs/product.md, "Play now"). A game for
 * subscribers sends a player without a plan to the plans, with the server's reason.
 */
export function usePlayNow(gameId: number | undefined, tournamentId: number | undefined) {
  const navigate = useNavigate();
  const { i18n } = useTranslation();
  const singleFlight = useSingleFlight();
  const [isStarting, setStarting] = useState(false);

  // Back from the game, the browser may show this page from its cache, button still busy: free it.
  useEffect(() => {
    const onPageShow = (event: PageTransitionEvent) => {
      if (event.persisted) setStarting(false);
    };
    window.addEventListener('pageshow', onPageShow);
    return () => window.removeEventListener('pageshow', onPageShow);
  }, []);

  function playNow() {
    if (gameId === undefined) return;
    singleFlight(async () => {
      setStarting(true);
      try {
        const session = await startPlay(gameId, tournamentId);
        // The page unloads: the button stays busy until it does.
        openPage(launchUrlIn(session.launchUrl, i18n.language));
      } catch (error) {
        setStarting(false);
        if (error instanceof ApiError && error.code === 'SUBSCRIPTION_REQUIRED') {
          toast.info(error.message);
          navigate('/account/subscription');
        } else toast.error(errorText(error, translator.t('common.genericError')));
      }
    });
  }

  return { playNow, isStarting };
}

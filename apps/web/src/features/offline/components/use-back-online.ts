import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import {
  announceBackOnlineAfterReload,
  forgetPageBeforeOffline,
  probeConnection,
  RECHECK_INTERVAL_MS,
  readPageBeforeOffline,
} from '../../../lib/connectivity';
import { reloadPage } from '../../../lib/reload-page';

/**
 * On the no-internet screen: when the browser says it is online again, or a periodic probe reaches
 * the server, back to the page the player was on (or home), reloaded so whatever failed to load
 * while offline loads now, and there 'You are back online' (useConnectivityWatcher shows it).
 */
export function useBackOnline(): void {
  const navigate = useNavigate();

  useEffect(() => {
    let isDone = false;
    const recheck = async () => {
      if (isDone || !(await probeConnection()) || isDone) return;
      isDone = true;
      announceBackOnlineAfterReload();
      const target = readPageBeforeOffline() ?? '/dashboard';
      forgetPageBeforeOffline();
      await navigate(target, { replace: true });
      reloadPage();
    };
    const onOnline = () => void recheck();
    window.addEventListener('online', onOnline);
    const timer = setInterval(onOnline, RECHECK_INTERVAL_MS);
    return () => {
      isDone = true;
      window.removeEventListener('online', onOnline);
      clearInterval(timer);
    };
  }, [navigate]);
}

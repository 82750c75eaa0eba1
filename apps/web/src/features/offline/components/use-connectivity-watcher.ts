import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { ApiError } from '../../../lib/api-error';
import {
  OFFLINE_PATH,
  OFFLINE_RECHECK_MS,
  probeConnection,
  rememberPageBeforeOffline,
  takeBackOnlineAnnouncement,
} from '../../../lib/connectivity';
import { toast } from '../../../lib/toast';
import { useTranslation } from '../../../lib/translation';

/**
 * App-wide (docs/product.md, "Offline and waiting screens"): when the browser says it went offline,
 * or a request to the API could not reach the network, a probe asks the server; if nothing answers,
 * the player is told 'You are now offline' and taken to /no-internet, which remembers where they
 * were. After the no-internet screen's reload, it says 'You are back online'.
 */
export function useConnectivityWatcher(): void {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const location = useLocation();
  const here = useRef('');
  useEffect(() => {
    here.current = location.pathname + location.search;
  }, [location]);

  useEffect(() => {
    if (takeBackOnlineAnnouncement()) toast.success(t('offline.backOnline'));
  }, [t]);

  useEffect(() => {
    let isMounted = true;
    let askAgain: ReturnType<typeof setTimeout> | undefined;
    // `fresh` when the browser says the connection went: a probe already on its way (a failed
    // request started it) may have had its answer before that, and would say all is well. While
    // the browser keeps saying offline though the server answered (a blip, or an answer that got
    // through as the connection went), it is asked again every few seconds.
    const checkConnection = async (fresh = false) => {
      if (here.current.startsWith(OFFLINE_PATH)) return;
      if (await probeConnection({ fresh })) {
        clearTimeout(askAgain);
        if (isMounted && !navigator.onLine)
          askAgain = setTimeout(() => void checkConnection(true), OFFLINE_RECHECK_MS);
        return;
      }
      if (!isMounted || here.current.startsWith(OFFLINE_PATH)) return;
      toast.info(t('offline.nowOffline'));
      rememberPageBeforeOffline(here.current);
      navigate(OFFLINE_PATH);
    };
    const onOffline = () => void checkConnection(true);
    window.addEventListener('offline', onOffline);
    // Effects run after the screen has painted: a connection lost in between fired its event before
    // anyone listened, so what the browser says now is asked too.
    if (!navigator.onLine) void checkConnection(true);
    const stopWatchingQueries = queryClient.getQueryCache().subscribe((event) => {
      if (event.type !== 'updated' || event.action.type !== 'error') return;
      const { error } = event.action;
      if (error instanceof ApiError && error.kind === 'network') void checkConnection();
    });
    return () => {
      isMounted = false;
      clearTimeout(askAgain);
      window.removeEventListener('offline', onOffline);
      stopWatchingQueries();
    };
  }, [t, navigate, queryClient]);
}

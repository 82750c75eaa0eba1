import { type PlayerNotification, PUSH_TOAST_MS } from '@playon/shared/notifications';
import type { RealtimeMessage } from '@playon/shared/realtime';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { noteLatestNotification } from '../../../lib/notifications-seen';
import { subscribeRealtime } from '../../../lib/realtime-client';
import { toast } from '../../../lib/toast';
import { notificationsKey, useNotifications } from '../api/get-notifications';

type NotificationMessage = Extract<RealtimeMessage, { type: 'notification' }>;
const LIST_LENGTH = 100;

function isNotificationMessage(data: unknown): data is NotificationMessage {
  if (typeof data !== 'object' || data === null) return false;
  const message = data as Partial<NotificationMessage>;
  return message.type === 'notification' && typeof message.notification?.id === 'string';
}

/**
 * While a signed-in player has the app open: their notifications are known (the nav's dot), and
 * each new one from /ws joins the top of the list and, when the app is on screen, shows as
 * a 3-second toast. The service worker leaves the system notification out then (public/push-sw.js).
 */
export function useLiveNotifications(): void {
  const queryClient = useQueryClient();
  const notifications = useNotifications();
  const latestAt = notifications.data?.[0]?.createdAt;

  useEffect(() => noteLatestNotification(latestAt), [latestAt]);

  useEffect(() => {
    let hasOpened = false;
    return subscribeRealtime((event) => {
      if (event.kind === 'open') {
        // A reconnection: whatever arrived while the socket was down is only in the list.
        if (hasOpened) void queryClient.invalidateQueries({ queryKey: notificationsKey });
        hasOpened = true;
      }
      if (event.kind !== 'message' || !isNotificationMessage(event.data)) return;
      const { notification } = event.data;
      queryClient.setQueryData<PlayerNotification[]>(notificationsKey, (list) =>
        list
          ? [notification, ...list.filter((known) => known.id !== notification.id)].slice(0, LIST_LENGTH)
          : list,
      );
      noteLatestNotification(notification.createdAt);
      if (document.visibilityState === 'visible') {
        toast.info(`${notification.title}: ${notification.body}`, { durationMs: PUSH_TOAST_MS });
      }
    });
  }, [queryClient]);
}

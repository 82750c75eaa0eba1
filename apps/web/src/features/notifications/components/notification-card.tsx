import type { PlayerNotification } from '@playon/shared/notifications';
import { Link } from 'react-router';
import { Icon } from '../../../components/ui/icon';
import { formatRelativeDate } from '../../../lib/format';
import { safeRedirectPath } from '../../../lib/safe-redirect';

/** One notification: title, body and when; a tap opens what it is about when it leads somewhere. */
export function NotificationCard({ notification }: { notification: PlayerNotification }) {
  const to = safeRedirectPath(notification.url);
  const content = (
    <>
      <div className="min-w-0 flex-1">
        <h2 className="font-semibold">{notification.title}</h2>
        <p className="mt-1 text-sm break-words text-muted">{notification.body}</p>
        <time dateTime={notification.createdAt} className="mt-2 block text-xs text-muted/80">
          {formatRelativeDate(notification.createdAt)}
        </time>
      </div>
      {to ? <Icon name="chevron" className="mt-0.5 size-5 shrink-0 text-muted" /> : null}
    </>
  );
  const cardClass = 'flex items-start gap-3 rounded-2xl bg-surface p-4 ring-1 ring-line';
  return to ? (
    <Link to={to} className={`${cardClass} active:bg-raised`}>
      {content}
    </Link>
  ) : (
    <article aria-label={notification.title} className={cardClass}>
      {content}
    </article>
  );
}

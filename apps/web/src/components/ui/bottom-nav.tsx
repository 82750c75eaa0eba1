import { NavLink } from 'react-router';
import { useHasUnreadNotifications } from '../../lib/notifications-seen';
import { useTranslation } from '../../lib/translation';
import { Icon, type IconName } from './icon';

// docs/product.md, "Home screen": home (dashboard), notifications, account, in that order.
const items: Array<{ to: string; labelKey: string; icon: IconName }> = [
  { to: '/dashboard', labelKey: 'nav.home', icon: 'home' },
  { to: '/notifications', labelKey: 'nav.notifications', icon: 'bell' },
  { to: '/account', labelKey: 'nav.account', icon: 'user' },
];

export function BottomNav() {
  const { t } = useTranslation();
  const hasUnread = useHasUnreadNotifications();
  return (
    <nav className="fixed inset-x-0 bottom-0 z-30 border-t border-line bg-surface/95 pb-[env(safe-area-inset-bottom)] backdrop-blur">
      <ul className="mx-auto flex h-16 max-w-md">
        {items.map((item) => {
          const hasDot = item.to === '/notifications' && hasUnread;
          return (
            <li key={item.to} className="flex-1">
              <NavLink
                to={item.to}
                className={({ isActive }) =>
                  `flex h-full flex-col items-center justify-center gap-1 text-xs font-medium ${isActive ? 'text-accent' : 'text-muted'}`
                }
              >
                <span className="relative">
                  <Icon name={item.icon} />
                  {hasDot ? (
                    <span className="absolute -top-0.5 -right-0.5 size-2.5 rounded-full bg-danger ring-2 ring-surface" />
                  ) : null}
                </span>
                {t(item.labelKey)}
                {hasDot ? <span className="sr-only">{t('nav.unread')}</span> : null}
              </NavLink>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}

import { useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { Avatar } from '../../../components/ui/avatar';
import { Icon, type IconName } from '../../../components/ui/icon';
import { Logo } from '../../../components/ui/logo';
import { useModalFocus } from '../../../components/ui/modal-focus';
import { Spinner } from '../../../components/ui/spinner';
import { signOut } from '../../../lib/auth-client';
import { useTranslation } from '../../../lib/translation';
import { useProfile } from '../../../lib/use-session';

// docs/product.md, "Home screen": Tournaments, Playon TV, Chat rooms, Subscriptions, Wallet, Hall of
// fame, Boost a friend, Contact us, then Logout and the version label.
const menuLinks: Array<{ to: string; labelKey: string; icon: IconName }> = [
  { to: '/tournaments', labelKey: 'tournaments.menu', icon: 'trophy' },
  { to: '/playon-tv', labelKey: 'sideMenu.playonTv', icon: 'tv' },
  { to: '/chat-room', labelKey: 'chat.menu', icon: 'chat' },
  { to: '/account/subscription', labelKey: 'subscriptions.menu', icon: 'crown' },
  { to: '/account/wallet', labelKey: 'wallet.menu', icon: 'wallet' },
  { to: '/tournaments/hall-of-fame', labelKey: 'hallOfFame.menu', icon: 'medal' },
  { to: '/account/boost', labelKey: 'boost.menu', icon: 'boost' },
  { to: '/account/feedback', labelKey: 'sideMenu.contactUs', icon: 'mail' },
];

export function SideMenu({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [isLoggingOut, setLoggingOut] = useState(false);
  const profile = useProfile();
  const panel = useRef<HTMLElement>(null);
  // A modal like the dialogs: focus inside while open, Escape closes, back on the menu button after.
  useModalFocus(panel, onClose);

  async function logout() {
    setLoggingOut(true);
    await signOut();
    queryClient.clear();
    navigate('/login', { replace: true });
  }

  return (
    <div role="dialog" aria-modal="true" aria-label={t('nav.menu')} className="fixed inset-0 z-40">
      <button
        type="button"
        aria-label={t('nav.closeMenu')}
        tabIndex={-1}
        onClick={onClose}
        className="absolute inset-0 bg-black/60"
      />
      <nav
        ref={panel}
        aria-label={t('nav.menu')}
        className="absolute inset-y-0 left-0 flex w-72 max-w-[85%] flex-col overflow-y-auto border-r border-line bg-surface p-4 shadow-2xl animate-[toast-in_0.2s_ease-out]"
      >
        <div className="mb-6 flex items-center justify-between">
          <Logo size="sm" />
          <button
            type="button"
            aria-label={t('nav.closeMenu')}
            onClick={onClose}
            className="tap flex items-center justify-center"
          >
            <Icon name="close" />
          </button>
        </div>
        <div className="mb-4 flex items-center gap-3 rounded-2xl bg-raised p-3">
          <Avatar src={profile?.profilePic} size={44} />
          <div className="min-w-0">
            <p className="truncate font-semibold">{profile?.name ?? profile?.email}</p>
            {profile?.username ? <p className="truncate text-xs text-muted">@{profile.username}</p> : null}
          </div>
        </div>
        <ul className="flex-1">
          {menuLinks.map((link) => (
            <li key={link.to}>
              <Link to={link.to} className="tap flex w-full items-center gap-3 rounded-xl px-3 font-medium">
                <Icon name={link.icon} />
                {t(link.labelKey)}
              </Link>
            </li>
          ))}
          <li>
            <button
              type="button"
              onClick={logout}
              disabled={isLoggingOut}
              className="tap flex w-full items-center gap-3 rounded-xl px-3 text-left font-medium text-danger"
            >
              {isLoggingOut ? (
                <Spinner size={24} label={t('dashboard.loggingOut')} />
              ) : (
                <Icon name="logout" />
              )}
              {t('dashboard.logout')}
            </button>
          </li>
        </ul>
        <p className="px-3 text-xs text-muted">{t('dashboard.version')}</p>
      </nav>
    </div>
  );
}

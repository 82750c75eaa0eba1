import { Link } from 'react-router';
import { Avatar } from '../../../components/ui/avatar';
import { useTranslation } from '../../../lib/translation';
import { useProfile, useSessionUser } from '../../../lib/use-session';

/** Name, falling back to the email, then 'Could not fetch name'; the picture or the default one. */
export function ProfileCard() {
  const { t } = useTranslation();
  const profile = useProfile();
  const user = useSessionUser();
  const name = profile?.name || profile?.email || user?.email || t('account.noName');
  return (
    <section className="flex flex-wrap items-center gap-4 rounded-2xl bg-surface p-4 ring-1 ring-line">
      <Avatar src={profile?.profilePic} size={64} />
      <div className="min-w-32 flex-1">
        <p className="text-lg leading-snug font-bold [overflow-wrap:anywhere]">{name}</p>
        {profile?.username ? (
          <p className="text-sm text-muted [overflow-wrap:anywhere]">@{profile.username}</p>
        ) : null}
      </div>
      <Link
        to="/profile"
        className="flex h-11 items-center rounded-xl border border-brand px-4 text-sm font-semibold text-text"
      >
        {t('account.view')}
      </Link>
    </section>
  );
}

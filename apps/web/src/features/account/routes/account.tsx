import { useId } from 'react';
import { BottomNav } from '../../../components/ui/bottom-nav';
import { Header } from '../../../components/ui/header';
import { ListLink } from '../../../components/ui/list-link';
import { useTranslation } from '../../../lib/translation';
import { ProfileCard } from '../components/profile-card';

const fromAccount = { from: 'account' } as const;

export function Component() {
  const { t, i18n } = useTranslation();
  // Three lists of links: each nav is named, so a screen reader's landmarks tell them apart.
  const settingsId = useId();
  const legalId = useId();
  return (
    <>
      <Header title={t('account.title')} back={false} />
      <main className="mx-auto max-w-md px-5 pt-4 pb-24">
        <ProfileCard />
        <nav
          aria-label={t('wallet.title')}
          className="mt-6 overflow-hidden rounded-2xl bg-surface ring-1 ring-line"
        >
          <ListLink to="/account/wallet" icon="wallet" label={t('wallet.title')} />
        </nav>
        <nav
          aria-label={t('account.challenges')}
          className="mt-3 overflow-hidden rounded-2xl bg-surface ring-1 ring-line"
        >
          <ListLink to="/challenges" icon="trophy" label={t('account.challenges')} />
        </nav>
        <h2
          id={settingsId}
          className="mt-8 mb-2 px-1 text-xs font-semibold tracking-wider text-muted uppercase"
        >
          {t('account.settings')}
        </h2>
        <nav
          aria-labelledby={settingsId}
          className="divide-y divide-line overflow-hidden rounded-2xl bg-surface ring-1 ring-line"
        >
          <ListLink to="/profile/currency" state={fromAccount} icon="coins" label={t('account.currency')} />
          <ListLink to="/profile/country" state={fromAccount} icon="globe" label={t('account.country')} />
          <ListLink
            to="/account/language"
            state={fromAccount}
            icon="chat"
            label={t('account.language')}
            detail={t(`language.names.${i18n.language === 'sw' ? 'sw' : 'en'}`)}
          />
          <ListLink
            to="/account/change-password"
            state={fromAccount}
            icon="lock"
            label={t('account.changePassword')}
          />
        </nav>
        <h2 id={legalId} className="mt-8 mb-2 px-1 text-xs font-semibold tracking-wider text-muted uppercase">
          {t('account.legal')}
        </h2>
        <nav
          aria-labelledby={legalId}
          className="divide-y divide-line overflow-hidden rounded-2xl bg-surface ring-1 ring-line"
        >
          <ListLink to="/terms" icon="doc" label={t('account.terms')} />
          <ListLink to="/privacy" icon="shield" label={t('account.privacy')} />
          <ListLink to="/accessibility" icon="user" label={t('accessibility.title')} />
        </nav>
      </main>
      <BottomNav />
    </>
  );
}

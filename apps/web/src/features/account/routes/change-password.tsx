import { Header } from '../../../components/ui/header';
import { useTranslation } from '../../../lib/translation';
import { useBack } from '../../../lib/use-back';
import { useProfile, useSessionUser } from '../../../lib/use-session';
import { ChangePasswordForm } from '../components/change-password-form';

export function Component() {
  const { t } = useTranslation();
  const back = useBack('/account');
  const profile = useProfile();
  const user = useSessionUser();
  return (
    <>
      <Header title={t('changePassword.title')} back={back} />
      <main className="mx-auto max-w-md px-5 py-6">
        <p className="mb-6 text-muted">{t('changePassword.subtitle')}</p>
        <ChangePasswordForm accountEmail={user?.email ?? profile?.email ?? ''} onDone={back} />
      </main>
    </>
  );
}

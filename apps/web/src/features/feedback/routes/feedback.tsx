import { Header } from '../../../components/ui/header';
import { useTranslation } from '../../../lib/translation';
import { useProfile } from '../../../lib/use-session';
import { ContactFooter } from '../components/contact-footer';
import { FeedbackForm } from '../components/feedback-form';

/** 'Drop us a line' (/account/feedback): the feedback form, then the ways to reach support. */
export function Component() {
  const { t } = useTranslation();
  const profile = useProfile();
  return (
    <>
      <Header title={t('feedback.title')} />
      <main className="mx-auto max-w-md px-5 pt-6 pb-10">
        <p className="mb-6 text-muted">{t('feedback.intro')}</p>
        <FeedbackForm email={profile?.email ?? ''} />
      </main>
      <ContactFooter />
    </>
  );
}

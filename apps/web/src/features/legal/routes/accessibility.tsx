import { Link } from 'react-router';
import { Header } from '../../../components/ui/header';
import { useTranslation } from '../../../lib/translation';

const supported = [
  'supportScreenReader',
  'supportKeyboard',
  'supportText',
  'supportMotion',
  'supportColour',
  'supportLanguage',
] as const;
const limits = ['limitsGames', 'limitsVideos', 'limitsCard'] as const;

/** The accessibility statement: what works, what does not yet, and how to tell us. */
export function Component() {
  const { t } = useTranslation();
  return (
    <>
      <Header title={t('accessibility.title')} />
      <main className="mx-auto max-w-md space-y-6 px-5 py-6 text-sm leading-relaxed">
        <p>{t('accessibility.intro')}</p>
        <section aria-labelledby="a11y-support" className="space-y-2">
          <h2 id="a11y-support" className="text-base font-semibold">
            {t('accessibility.supportTitle')}
          </h2>
          <ul className="list-disc space-y-2 pl-5 text-muted">
            {supported.map((key) => (
              <li key={key}>{t(`accessibility.${key}`)}</li>
            ))}
          </ul>
        </section>
        <section aria-labelledby="a11y-limits" className="space-y-2">
          <h2 id="a11y-limits" className="text-base font-semibold">
            {t('accessibility.limitsTitle')}
          </h2>
          <ul className="list-disc space-y-2 pl-5 text-muted">
            {limits.map((key) => (
              <li key={key}>{t(`accessibility.${key}`)}</li>
            ))}
          </ul>
        </section>
        <section aria-labelledby="a11y-report" className="space-y-3">
          <h2 id="a11y-report" className="text-base font-semibold">
            {t('accessibility.reportTitle')}
          </h2>
          <p className="text-muted">{t('accessibility.report')}</p>
          <Link
            to="/account/feedback"
            className="flex h-12 items-center justify-center rounded-xl bg-brand px-5 text-base font-semibold text-white active:bg-brand-strong"
          >
            {t('accessibility.reportLink')}
          </Link>
        </section>
      </main>
    </>
  );
}

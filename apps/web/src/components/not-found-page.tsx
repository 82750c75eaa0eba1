import { Link } from 'react-router';
import { useTranslation } from '../lib/translation';

/** The 404 page: an unknown address, or a place this visitor may not see (the console, to a player). */
export function NotFoundPage() {
  const { t } = useTranslation();
  return (
    <main className="mx-auto flex min-h-dvh max-w-md flex-col items-center justify-center gap-4 px-6 text-center">
      <p
        aria-hidden="true"
        className="bg-gradient-to-br from-brand to-accent bg-clip-text text-8xl font-black text-transparent"
      >
        404
      </p>
      <h1 className="text-2xl font-bold">{t('notFound.title')}</h1>
      <p className="text-muted">{t('notFound.body')}</p>
      <Link
        to="/dashboard"
        className="mt-4 flex h-12 w-full items-center justify-center rounded-xl bg-brand text-base font-semibold text-white"
      >
        {t('notFound.home')}
      </Link>
    </main>
  );
}

import { FriendUsernameSchema } from '@playon/shared/users';
import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { Button } from '../../../components/ui/button';
import { Header } from '../../../components/ui/header';
import { Icon } from '../../../components/ui/icon';
import { UsernameField } from '../../../components/ui/username-field';
import { ApiError, errorText } from '../../../lib/api-error';
import { formText } from '../../../lib/locales/form-text';
import { toast } from '../../../lib/toast';
import { useSingleFlight } from '../../../lib/use-single-flight';
import { challengesKey, createChallenge } from '../api/challenges';
import { shareLink, shareTextOf } from '../components/share-link';
import { useChallengeTranslation } from '../components/texts';

/**
 * 'Challenge a friend' from a saved run (the game's score panel links here with the run): to a
 * friend's username, or as a link shared through the phone's share sheet, copied where there is none.
 */
export function Component() {
  const { t, i18n } = useChallengeTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [params] = useSearchParams();
  const run = params.get('run');
  const [username, setUsername] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState<'send' | 'share' | null>(null);
  const singleFlight = useSingleFlight();

  function create(kind: 'send' | 'share', friend?: string) {
    if (!run) return;
    singleFlight(async () => {
      setBusy(kind);
      try {
        const view = await createChallenge(
          friend === undefined ? { session: run } : { session: run, username: friend },
        );
        await queryClient.invalidateQueries({ queryKey: challengesKey });
        if (kind === 'share') {
          const how = await shareLink(shareTextOf(view, i18n.language)).catch(() => 'failed' as const);
          if (how === 'copied') toast.success(t('challenges.copied'));
          if (how === 'failed') toast.error(t('challenges.shareFailed'));
        }
        navigate(`/challenges/${view.code}`, { replace: true });
      } catch (failure) {
        if (failure instanceof ApiError && failure.fields?.username) setError(failure.fields.username);
        else toast.error(errorText(failure, t('common.genericError')));
      } finally {
        setBusy(null);
      }
    });
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    const parsed = FriendUsernameSchema.safeParse(username);
    if (!parsed.success) {
      setError(formText(parsed.error.issues[0]?.message) ?? null);
      return;
    }
    setError(null);
    create('send', parsed.data);
  }

  return (
    <>
      <Header title={t('challenges.newTitle')} />
      <main className="mx-auto flex min-h-[calc(100dvh-3.5rem)] max-w-md flex-col px-5 pt-8 pb-6">
        <span className="flex size-14 items-center justify-center rounded-2xl bg-brand/15 text-accent">
          <Icon name="trophy" className="size-7" />
        </span>
        {run ? (
          <>
            <h2 className="mt-5 text-2xl font-extrabold">{t('challenges.newQuestion')}</h2>
            <p className="mt-2 mb-6 text-muted">{t('challenges.newHint')}</p>
            <form noValidate onSubmit={submit} className="flex flex-col gap-4">
              <UsernameField
                label={t('challenges.usernameLabel')}
                placeholder={t('challenges.usernamePlaceholder')}
                value={username}
                error={error}
                onChange={(value) => {
                  setUsername(value);
                  setError(null);
                }}
              />
              <Button type="submit" isBusy={busy === 'send'} disabled={busy !== null} className="w-full">
                {t('challenges.send')}
              </Button>
            </form>
            <p className="my-5 text-center text-sm text-muted">{t('challenges.or')}</p>
            <Button
              variant="secondary"
              isBusy={busy === 'share'}
              disabled={busy !== null}
              onClick={() => create('share')}
              className="w-full"
            >
              {t('challenges.shareLink')}
            </Button>
            <p className="mt-2 text-center text-sm text-muted">{t('challenges.shareHint')}</p>
          </>
        ) : (
          <>
            <p className="mt-5 text-muted">{t('challenges.noRun')}</p>
            <Link to="/games" className="mt-6 font-semibold text-accent underline">
              {t('games.title')}
            </Link>
          </>
        )}
      </main>
    </>
  );
}

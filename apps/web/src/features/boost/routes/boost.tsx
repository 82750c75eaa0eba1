import { FriendUsernameSchema } from '@playon/shared/users';
import { type FormEvent, useState } from 'react';
import { useNavigate } from 'react-router';
import { Button } from '../../../components/ui/button';
import { Header } from '../../../components/ui/header';
import { Icon } from '../../../components/ui/icon';
import { UsernameField } from '../../../components/ui/username-field';
import { ApiError, errorText } from '../../../lib/api-error';
import { historyIndex } from '../../../lib/history-index';
import { formText } from '../../../lib/locales/form-text';
import { toast } from '../../../lib/toast';
import { useTranslation } from '../../../lib/translation';
import { useProfile } from '../../../lib/use-session';
import { useSingleFlight } from '../../../lib/use-single-flight';
import { findFriend } from '../api/find-friend';

/** Boost a friend: look the friend up by username, then enter the amount (type BOOST, the friend's id). */
export function Component() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const profile = useProfile();
  const [username, setUsername] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [isBusy, setBusy] = useState(false);
  const singleFlight = useSingleFlight();

  function submit(event: FormEvent) {
    event.preventDefault();
    const parsed = FriendUsernameSchema.safeParse(username);
    if (!parsed.success) {
      setError(formText(parsed.error.issues[0]?.message) ?? null);
      return;
    }
    const friendUsername = parsed.data;
    // The server refuses it too; saying so here saves a round trip on a slow network.
    if (friendUsername.toLowerCase() === profile?.username?.toLowerCase()) {
      setError(t('notices.cannotBoostSelf'));
      return;
    }
    setError(null);
    singleFlight(async () => {
      setBusy(true);
      try {
        const friend = await findFriend(friendUsername);
        navigate('/account/payment/amount', {
          state: {
            type: 'BOOST',
            userId: friend.id,
            friendUsername,
            flowStart: historyIndex(),
            flowStartPath: '/account/boost',
          },
        });
      } catch (lookupError) {
        // Not found, or not boostable (one's own name): about the field, so shown under it.
        if (lookupError instanceof ApiError && (lookupError.status === 404 || lookupError.status === 400)) {
          setError(lookupError.status === 404 ? t('notices.userNotFound') : lookupError.message);
        } else toast.error(errorText(lookupError, t('common.genericError')));
      } finally {
        setBusy(false);
      }
    });
  }

  return (
    <>
      <Header title={t('boost.title')} />
      <main>
        <form
          noValidate
          onSubmit={submit}
          className="mx-auto flex min-h-[calc(100dvh-3.5rem)] max-w-md flex-col px-5 pt-8 pb-6"
        >
          <span className="flex size-14 items-center justify-center rounded-2xl bg-brand/15 text-accent">
            <Icon name="boost" className="size-7" />
          </span>
          <h2 className="mt-5 text-2xl font-extrabold">{t('boost.question')}</h2>
          <p className="mt-2 mb-6 text-muted">{t('boost.hint')}</p>
          <UsernameField
            label={t('boost.label')}
            placeholder={t('boost.placeholder')}
            value={username}
            error={error}
            onChange={(value) => {
              setUsername(value);
              setError(null);
            }}
          />
          <div className="flex-1" />
          <Button type="submit" isBusy={isBusy} className="mt-8 w-full">
            {t('common.continue')}
          </Button>
        </form>
      </main>
    </>
  );
}
